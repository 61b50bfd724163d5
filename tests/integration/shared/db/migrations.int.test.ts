import { migrateLatest, rollbackAll } from '../../../../shared/db/knex';
import { migrationSource } from '../../../../shared/db/migrations';
import { createTestDb, type TestDb } from '../../../support/test-db';

const userTables = async (t: TestDb) =>
  (
    await t.db.raw<{ rows: { tablename: string }[] }>(
      `select tablename from pg_tables where schemaname = 'public' and tablename not like 'knex_%' order by 1`,
    )
  ).rows.map((r) => r.tablename);

describe('migrations', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ empty: true });
  });
  afterAll(() => t.drop());

  it('apply every migration, roll all back to an empty schema, and apply again', async () => {
    const all = (await migrationSource.getMigrations([])).map((m) => migrationSource.getMigrationName(m));
    expect(await migrateLatest(t.db)).toEqual(all);
    const tables = await userTables(t);

    expect(await rollbackAll(t.db)).toEqual([...all].reverse());
    expect(await userTables(t)).toEqual([]);

    expect(await migrateLatest(t.db)).toEqual(all);
    expect(await userTables(t)).toEqual(tables);
  });
});
