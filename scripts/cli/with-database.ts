import { migrateLatest, withDb, type Knex } from '../../shared/db/knex';
import { ensureServices, stopServices } from '../services/provision';

/**
 * Runs `fn` on a migrated database: DATABASE_URL when set, else the private instance under the data
 * directory (started for the call, and stopped again if this call started it).
 */
export async function withDatabase<T>(fn: (db: Knex) => Promise<T>): Promise<T> {
  const services = await ensureServices();
  try {
    return await withDb(services.databaseUrl, { pool: { min: 0, max: 2 } }, async (db) => {
      await migrateLatest(db);
      return fn(db);
    });
  } finally {
    await stopServices(services.started);
  }
}
