import { createDb, migrateLatest } from '../../shared/db/knex';
import { TEMPLATE_DB, databaseUrl, quoteIdent, withAdminClient } from './admin-db';
import { ELASTICSEARCH_DECISION_ENV, detectElasticsearch } from './elasticsearch';

/** Migrates one template database; every test file then clones its own database from it (fast, isolated). */
export default async function globalSetup(): Promise<void> {
  await withAdminClient(async (client) => {
    await client.query(`drop database if exists ${quoteIdent(TEMPLATE_DB)} with (force)`);
    await client.query(`create database ${quoteIdent(TEMPLATE_DB)}`);
  });
  const db = createDb(databaseUrl(TEMPLATE_DB), { pool: { min: 0, max: 1 } });
  try {
    await migrateLatest(db);
  } finally {
    await db.destroy();
  }
  // Decided once per run; test files read it synchronously to register or skip the Elasticsearch contract.
  process.env[ELASTICSEARCH_DECISION_ENV] ??= JSON.stringify(await detectElasticsearch(process.env));
}
