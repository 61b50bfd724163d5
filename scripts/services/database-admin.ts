import pg from 'pg';
import { quoteIdent } from '../../shared/db/quote-ident';

/** `url` pointing at database `name` on the same server. */
export function databaseUrlFor(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * Runs `fn` with a client on the maintenance database of `url`'s server: CREATE and DROP DATABASE cannot
 * run on the database they name, nor inside a pool's transaction.
 */
export async function withAdminClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrlFor(url, 'postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates database `name` unless it exists. */
export async function createDatabaseIfMissing(client: pg.Client, name: string): Promise<void> {
  const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await client.query(`create database ${quoteIdent(name)}`);
}

/** Drops database `name` if it exists, ending its sessions first. */
export async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  await client.query(`drop database if exists ${quoteIdent(name)} with (force)`);
}
