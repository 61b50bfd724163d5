import pg from 'pg';

/** `baseUrl` pointing at database `name` on the same server. */
export function databaseUrlFor(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A benchmark's own database on the server of `baseUrl`, created when missing (with `fresh`, dropped and created
 * anew), never one of the application's; returns its URL.
 */
export async function ensureBenchDatabase(baseUrl: string, name: string, options: { fresh?: boolean } = {}): Promise<string> {
  const admin = new pg.Client({ connectionString: databaseUrlFor(baseUrl, 'postgres') });
  await admin.connect();
  try {
    if (options.fresh) await admin.query(`drop database if exists "${name}" with (force)`);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return databaseUrlFor(baseUrl, name);
}

/** Drops a benchmark's database. */
export async function dropBenchDatabase(baseUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrlFor(baseUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}
