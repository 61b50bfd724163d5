import pg from 'pg';

export const TEMPLATE_DB = 'aisle_test_template';
export const TEST_DB_PREFIX = 'aisle_test_';

/** DATABASE_URL with its database swapped for `database`. */
export function databaseUrl(database: string, base = requireEnv('DATABASE_URL')): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

export function requireEnv(name: 'DATABASE_URL' | 'REDIS_URL'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the integration tests with \`npm test\`, which provisions PostgreSQL and Redis.`);
  return value;
}

/** Runs `fn` with a client on the server's maintenance database (CREATE/DROP DATABASE cannot run inside one). */
export async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl('postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
