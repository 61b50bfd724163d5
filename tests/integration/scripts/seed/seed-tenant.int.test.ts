import type { Knex } from 'knex';
import { SEEDED_TABLES } from '../../../../scripts/seed/seeded-tables';
import { seedTenant, type SeedResult } from '../../../../scripts/seed/seed-tenant';
import { createTestDb, type TestDb } from '../../../support/test-db';

const AS_OF = new Date('2025-06-01T00:00:00Z');
const small = { products: 300, orders: 600, asOf: AS_OF, analyze: false };

// Content of one tenant's tables, without the tenant id and the columns the database fills with now().
async function tenantChecksum(db: Knex, tenantId: number): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const table of SEEDED_TABLES) {
    const row = `(to_jsonb(t) - 'tenant_id' - 'created_at' - 'updated_at')::text`;
    const { rows } = await db.raw<{ rows: Array<{ sum: string | null }> }>(
      `select md5(string_agg(${row}, E'\\n' order by ${row})) as sum from "${table}" t where tenant_id = ?`,
      [tenantId],
    );
    sums[table] = rows[0].sum ?? '';
  }
  return sums;
}

const changesSince = async (db: Knex, tenantId: number, seq: string) =>
  (
    await db('product_changes')
      .where({ tenant_id: tenantId })
      .andWhere('seq', '>', seq)
      .orderBy('seq')
      .pluck('product_id')
  ).map(Number);

const maxSeq = async (db: Knex) => String((await db('product_changes').max('seq as seq').first())?.seq ?? 0);

describe('seedTenant', () => {
  let t: TestDb;
  let a: SeedResult;
  let b: SeedResult;
  beforeAll(async () => {
    t = await createTestDb();
    a = await seedTenant(t.db, { ...small, tenant: 'alpha', seed: 1 });
    b = await seedTenant(t.db, { ...small, tenant: 'beta', seed: 2 });
  });
  afterAll(() => t.drop());

  it('writes every table it reports, all rows carrying the tenant id', async () => {
    expect(a.totalRows).toBeGreaterThan(10_000);
    for (const table of SEEDED_TABLES) {
      const { rows: counts } = await t.db.raw<{ rows: Array<{ tenant_id: number; n: string }> }>(
        `select tenant_id, count(*) as n from "${table}" group by tenant_id`,
      );
      const byTenant = Object.fromEntries(counts.map((c) => [Number(c.tenant_id), Number(c.n)]));
      const expected = Object.fromEntries(
        [
          [a.tenantId, a.rows[table]],
          [b.tenantId, b.rows[table]],
        ].filter(([, n]) => n > 0),
      );
      expect({ table, byTenant }).toEqual({ table, byTenant: expected });
    }
  });

  it('re-seeding a tenant gives the same contents and leaves the other tenant untouched', async () => {
    const [alphaBefore, betaBefore] = [await tenantChecksum(t.db, a.tenantId), await tenantChecksum(t.db, b.tenantId)];
    const again = await seedTenant(t.db, { ...small, tenant: 'alpha', seed: 1 });
    expect(again.tenantId).toBe(a.tenantId);
    expect(await tenantChecksum(t.db, a.tenantId)).toEqual(alphaBefore);
    expect(await tenantChecksum(t.db, b.tenantId)).toEqual(betaBefore);
    expect(alphaBefore.orders).not.toBe(betaBefore.orders);
  });

  it('moves id sequences past the seeded ids', async () => {
    const maxId = Number((await t.db('orders').max('id as id').first())?.id);
    const [order] = await t
      .db('orders')
      .insert({ tenant_id: a.tenantId, status_id: 2, customer_id: 1, name: 'New', currency_code: 'SEK' })
      .returning('id');
    expect(order.id).toBeGreaterThan(maxId);
  });

  it('logs each seeded storefront product once', async () => {
    const roots = await t.db('products').where({ tenant_id: b.tenantId }).whereNull('parent_id').pluck('id');
    const logged = (await t.db('product_changes').where({ tenant_id: b.tenantId }).pluck('product_id')).map(Number);
    // Before deleting (nothing yet for a new tenant) and after loading.
    expect(logged.sort((x, y) => x - y)).toEqual(roots.map(Number).sort((x, y) => x - y));
  });
});

describe('product change log triggers', () => {
  let t: TestDb;
  let tenantId: number;
  beforeAll(async () => {
    t = await createTestDb();
    tenantId = (await seedTenant(t.db, { ...small, products: 60, orders: 0, tenant: 'gamma', seed: 3 })).tenantId;
  });
  afterAll(() => t.drop());

  // A variant with stock (not every variant has some).
  const variant = () =>
    t
      .db('products as p')
      .join('stock as s', { 's.tenant_id': 'p.tenant_id', 's.product_id': 'p.id' })
      .where({ 'p.tenant_id': tenantId })
      .whereNotNull('p.parent_id')
      .orderBy('p.id')
      .first<{ id: number; parent_id: number }>('p.id', 'p.parent_id');

  it('records a change to a variant against its parent product', async () => {
    const { id, parent_id } = await variant();
    const since = await maxSeq(t.db);
    await t.db('products').where({ tenant_id: tenantId, id }).update({ name: 'Renamed' });
    expect(await changesSince(t.db, tenantId, since)).toEqual([parent_id]);
  });

  it('records price and stock changes, one row per statement and product', async () => {
    const { id, parent_id } = await variant();
    const since = await maxSeq(t.db);
    await t.db('prices').where({ tenant_id: tenantId, product_id: id }).update({ amount: 1 });
    await t.db('stock').where({ tenant_id: tenantId, product_id: id }).del();
    expect(await changesSince(t.db, tenantId, since)).toEqual([parent_id, parent_id]);
  });

  it('records content and category changes of simple products by their own id', async () => {
    const simple = await t
      .db('product_categories')
      .where({ tenant_id: tenantId })
      .orderBy('product_id')
      .first<{ product_id: number; category_id: number }>();
    const since = await maxSeq(t.db);
    await t
      .db('product_descriptions')
      .where({ tenant_id: tenantId, product_id: simple.product_id, language: 'en' })
      .update({ name: 'New name' });
    await t.db('product_categories').where({ tenant_id: tenantId, product_id: simple.product_id }).del();
    expect(await changesSince(t.db, tenantId, since)).toEqual([simple.product_id, simple.product_id]);
  });

  it('keeps deleted products in the log, against the parent to rebuild', async () => {
    const { id, parent_id } = await variant();
    const since = await maxSeq(t.db);
    await t.db('products').where({ tenant_id: tenantId, id }).del();
    // Rows deleted by cascade can no longer name the parent: they log the variant's own id.
    expect(new Set(await changesSince(t.db, tenantId, since))).toEqual(new Set([parent_id, id]));
  });
});
