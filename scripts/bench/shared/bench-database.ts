import { migrateLatest, withDb, type Knex } from '../../../shared/db/knex';
import { createDatabaseIfMissing, databaseUrlFor, dropDatabase, withAdminClient } from '../../services/database-admin';

/**
 * A benchmark's own database on the server of `baseUrl`, created when missing (with `fresh`, dropped and created
 * anew), never one of the application's; returns its URL.
 */
export async function ensureBenchDatabase(
  baseUrl: string,
  name: string,
  options: { fresh?: boolean } = {},
): Promise<string> {
  await withAdminClient(baseUrl, async (client) => {
    if (options.fresh) await dropDatabase(client, name);
    await createDatabaseIfMissing(client, name);
  });
  return databaseUrlFor(baseUrl, name);
}

/** Runs `fn` on a freshly created and migrated benchmark database, which is dropped again afterwards. */
export async function withFreshBenchDatabase<T>(
  baseUrl: string,
  name: string,
  pool: { min: number; max: number },
  fn: (db: Knex) => Promise<T>,
): Promise<T> {
  const url = await ensureBenchDatabase(baseUrl, name, { fresh: true });
  try {
    return await withDb(url, { pool }, async (db) => {
      await migrateLatest(db);
      return fn(db);
    });
  } finally {
    await withAdminClient(baseUrl, (client) => dropDatabase(client, name));
  }
}
