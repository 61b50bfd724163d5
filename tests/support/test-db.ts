import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { createDb } from '../../shared/db/knex';
import { dropDatabase } from '../../scripts/services/database-admin';
import { quoteIdent } from '../../shared/db/quote-ident';
import { databaseUrl, runPrefix, templateDb, withAdminClient } from './admin-db';

export type TestDb = { db: Knex; url: string; name: string; drop: () => Promise<void> };

/**
 * A database of this test file's own: a clone of the migrated template, or with `{ empty: true }` a
 * database with no tables (for migration tests). Call `drop` in afterAll.
 */
export async function createTestDb(options: { empty?: boolean } = {}): Promise<TestDb> {
  const name = `${runPrefix()}${process.env.JEST_WORKER_ID ?? '0'}_${randomBytes(4).toString('hex')}`;
  const template = options.empty ? '' : ` template ${quoteIdent(templateDb())}`;
  await withAdminClient((client) => client.query(`create database ${quoteIdent(name)}${template}`));
  const url = databaseUrl(name);
  const db = createDb(url, { pool: { min: 0, max: 5 } });
  const drop = async () => {
    await db.destroy();
    await withAdminClient((client) => dropDatabase(client, name));
  };
  return { db, url, name, drop };
}
