import knex, { type Knex } from 'knex';
import { migrationSource } from './migrations';

export type { Knex };
export type Db = Knex | Knex.Transaction;

/** A knex pool on PostgreSQL; numeric and bigint columns come back as strings, as pg returns them. */
export function createDb(url: string, options: { pool?: { min: number; max: number } } = {}): Knex {
  return knex({
    client: 'pg',
    connection: url,
    pool: options.pool ?? { min: 0, max: 10 },
    migrations: { migrationSource, tableName: 'knex_migrations' },
  });
}

export async function pingDb(db: Knex): Promise<void> {
  await db.raw('select 1');
}

export async function migrateLatest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest()) as [number, string[]];
  return applied;
}

/** Rolls back every migration (used by the migration round-trip test and `npm run migrate:down -- --all`). */
export async function rollbackAll(db: Knex): Promise<string[]> {
  const [, reverted] = (await db.migrate.rollback(undefined, true)) as [number, string[]];
  return reverted;
}
