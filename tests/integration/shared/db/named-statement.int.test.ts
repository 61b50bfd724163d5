import { NamedStatement } from '../../../../shared/db/named-statement';
import { createTestDb, type TestDb } from '../../../support/test-db';

// A named statement numbers knex's `?` placeholders once and runs on a connection of the pool it is handed.
describe('NamedStatement', () => {
  let t: TestDb;

  beforeAll(async () => {
    t = await createTestDb({ empty: true });
  });
  afterAll(async () => {
    await t.drop();
  });

  const sums = new NamedStatement<{ total: number; label: string }>(
    'test-sums',
    "select (select sum(x)::int from unnest(?::int[]) as x) + ? as total, ? || '!' as label",
  );

  it('binds arrays and scalars in order, as knex binds the same text', async () => {
    const values = [[1, 2, 3], 10, 'ok'];
    expect(await sums.rows(t.db, values)).toEqual([{ total: 16, label: 'ok!' }]);
    const viaKnex = await t.db.raw<{ rows: unknown[] }>(
      "select (select sum(x)::int from unnest(?::int[]) as x) + ? as total, ? || '!' as label",
      values,
    );
    expect(await sums.rows(t.db, [[4], 0, 'again'])).toEqual([{ total: 4, label: 'again!' }]);
    expect(viaKnex.rows).toEqual([{ total: 16, label: 'ok!' }]);
  });

  it('is a prepared statement of its session, under its name', async () => {
    // Parsed before it runs, so the session it runs on lists it.
    const named = new NamedStatement<{ name: string }>(
      'test-prepared',
      "select name from pg_prepared_statements where name = 'test-prepared' and ? = 1",
    );
    expect(await named.rows(t.db, [1])).toEqual([{ name: 'test-prepared' }]);
  });

  it('refuses values that do not fit its placeholders', async () => {
    await expect(sums.rows(t.db, [[1], 1])).rejects.toThrow('2 values');
    await expect(sums.rows(t.db, [[1], 1, undefined as unknown as string])).rejects.toThrow('undefined');
  });

  it("runs in a transaction on the transaction's connection", async () => {
    const backend = new NamedStatement<{ pid: number }>('test-backend', 'select pg_backend_pid() as pid where ? = 1');
    await t.db.transaction(async (trx) => {
      const own = await trx.raw<{ rows: { pid: number }[] }>('select pg_backend_pid() as pid');
      expect(await backend.rows(trx, [1])).toEqual(own.rows);
      // Both forms of the statement may meet on one connection: the same name stands for the same text.
      expect(await sums.rows(trx, [[2], 1, 'in'])).toEqual([{ total: 3, label: 'in!' }]);
    });
  });

  it('refuses texts whose placeholders knex would read otherwise', () => {
    expect(() => new NamedStatement('test-identifier', 'select ?? from t')).toThrow('identifier');
    expect(() => new NamedStatement('test-escaped', 'select 1 where a \\? b')).toThrow('escaped');
  });
});
