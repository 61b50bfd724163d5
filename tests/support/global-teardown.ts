import { TEMPLATE_DB, TEST_DB_PREFIX, quoteIdent, withAdminClient } from './admin-db';

/** Drops the template and any test database a crashed file left behind. */
export default async function globalTeardown(): Promise<void> {
  await withAdminClient(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname = $1 or datname like $2`,
      [TEMPLATE_DB, `${TEST_DB_PREFIX}%`],
    );
    for (const { datname } of rows) await client.query(`drop database if exists ${quoteIdent(datname)} with (force)`);
  });
}
