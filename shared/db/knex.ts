import knex, { type Knex } from 'knex';
import type { Logger } from '../logger';
import { migrationSource } from './migrations';
import { PG_TYPES } from './timestamps';

export type { Knex };
export type Db = Knex | Knex.Transaction;

type DbOptions = {
  pool?: { min: number; max: number };
  logger?: Logger;
  /**
   * Sessions plan a named statement once and keep that plan (`plan_cache_mode = force_generic_plan`): for a pool
   * that runs only named lookups by id arrays, whose custom plans cost PostgreSQL more to make than to run.
   */
  genericPlans?: boolean;
};

/**
 * A knex pool on PostgreSQL; numeric and bigint columns come back as strings, as pg returns them, and timestamps as
 * Dates (parseTimestamptz).
 * With a logger, knex's own warnings go through it instead of the console.
 */
export function createDb(url: string, options: DbOptions = {}): Knex {
  const { logger } = options;
  return knex({
    client: 'pg',
    connection: {
      connectionString: url,
      types: PG_TYPES,
      ...(options.genericPlans && { options: '-c plan_cache_mode=force_generic_plan' }),
    },
    pool: options.pool ?? { min: 0, max: 10 },
    migrations: { migrationSource, tableName: 'knex_migrations' },
    ...(logger && {
      log: {
        warn: (message: unknown) => logger.warn({ knex: message }, 'knex warning'),
        error: (message: unknown) => logger.error({ knex: message }, 'knex error'),
        deprecate: (method: string, alternative: string) => logger.warn({ method, alternative }, 'knex deprecation'),
        debug: (message: unknown) => logger.debug({ knex: message }, 'knex debug'),
      },
    }),
  });
}

/** Runs `fn` on a pool of its own for `url`; the pool is destroyed however `fn` ends. */
export async function withDb<T>(url: string, options: DbOptions, fn: (db: Knex) => Promise<T>): Promise<T> {
  const db = createDb(url, options);
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
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
