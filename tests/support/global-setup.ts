import { dropDatabase } from '../../scripts/services/database-admin';
import { isAlive } from '../../scripts/services/exec';
import { migrateLatest, withDb } from '../../shared/db/knex';
import { quoteIdent } from '../../shared/db/quote-ident';
import { databaseUrl, ownerPid, templateDb, testDatabases, withAdminClient } from './admin-db';
import { CHROMIUM_DECISION_ENV, detectChromium } from './browser';

/**
 * Migrates this run's template database; every test file then clones its own database from it (fast,
 * isolated). Databases left by runs whose process is gone (a crash, a Ctrl-C) are dropped first.
 */
export default async function globalSetup(): Promise<void> {
  process.env.AISLE_TEST_RUN = String(process.pid);
  const template = templateDb();
  await withAdminClient(async (client) => {
    for (const name of await testDatabases(client)) {
      const pid = ownerPid(name);
      if (pid === undefined || pid === process.pid || !isAlive(pid)) await dropDatabase(client, name);
    }
    await client.query(`create database ${quoteIdent(template)}`);
  });
  await withDb(databaseUrl(template), { pool: { min: 0, max: 1 } }, migrateLatest);
  // Chromium for the browser tests: found, or installed with apt-get as Redis is (a minute or two, once per machine).
  process.env[CHROMIUM_DECISION_ENV] ??= JSON.stringify(await detectChromium());
}
