import type pg from 'pg';
import { databaseUrlFor, withAdminClient as withServerAdminClient } from '../../scripts/services/database-admin';

const TEST_DB_ROOT = 'aisle_test_';

/**
 * Databases of one jest run share a prefix holding the run's process id (set by the global setup and
 * inherited by the workers), so concurrent runs against one server never touch each other's databases.
 */
export const runPrefix = (pid: number | string = requireRunId()) => `${TEST_DB_ROOT}${pid}_`;
export const templateDb = (pid?: number | string) => `${runPrefix(pid)}template`;

/** The process id of the run's PostgreSQL database owner: a database named `aisle_test_<pid>_*`, or undefined. */
export const ownerPid = (database: string): number | undefined => {
  const match = new RegExp(`^${TEST_DB_ROOT}(\\d+)_`).exec(database);
  return match ? Number(match[1]) : undefined;
};

function requireRunId(): string {
  const id = process.env.AISLE_TEST_RUN;
  if (!id)
    throw new Error('AISLE_TEST_RUN is not set: integration tests run under the jest global setup (`npm test`).');
  return id;
}

/** DATABASE_URL with its database swapped for `database`. */
export const databaseUrl = (database: string): string => databaseUrlFor(requireEnv('DATABASE_URL'), database);

export function requireEnv(name: 'DATABASE_URL' | 'REDIS_URL'): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run the integration tests with \`npm test\`, which provisions PostgreSQL and Redis.`,
    );
  return value;
}

/** Runs `fn` with a client on the test server's maintenance database (CREATE/DROP DATABASE cannot run inside one). */
export const withAdminClient = <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> =>
  withServerAdminClient(requireEnv('DATABASE_URL'), fn);

/** Names of test databases, optionally only those of one run. */
export async function testDatabases(client: pg.Client, prefix = TEST_DB_ROOT): Promise<string[]> {
  const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [
    `${prefix}%`,
  ]);
  return rows.map((r) => r.datname);
}
