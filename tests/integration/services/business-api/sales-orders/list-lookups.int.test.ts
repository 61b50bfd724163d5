import { startBusinessApi, type BusinessApiHarness } from '../../../../support/business-api';
import { SEED_AS_OF, seedSmallTenant } from '../../../../support/business-data';
import { collectPages } from '../../../../support/paging';
import { insertOrder, SEEDED_STATUS } from './order-rows';

type Item = { id: number } & Record<string, unknown>;
type Query = Record<string, string | number>;

describe('GET /sales-orders: email and shopOrderNumber lookups', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let tenantB: number;
  let token: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    h = await startBusinessApi({ salesOrders: { now: () => SEED_AS_OF } });
    tenantA = await seedSmallTenant(h.t.db, 'so-look-a', 21);
    tenantB = await seedSmallTenant(h.t.db, 'so-look-b', 22);
    const db = h.t.db;
    ids.booked = await insertOrder(db, tenantA, { importer_id: 1, shop_order_number: '#SHOP-77' });
    ids.cancelled = await insertOrder(db, tenantA, {
      status_id: SEEDED_STATUS.soCancelled,
      importer_id: 3,
      shop_order_number: 'KLARNA-ABC',
    });
    ids.inactive = await insertOrder(db, tenantA, { shop_order_number: 'MANUAL-1' });
    ids.credit = await insertOrder(db, tenantA, { status_id: SEEDED_STATUS.crCredited });
    ids.otherTenant = await insertOrder(db, tenantB, { importer_id: 1, shop_order_number: '#SHOP-77' });
    const email = (tenant: number, order: number, address: string, kind = 'order', active = true) => ({
      tenant_id: tenant,
      order_id: order,
      kind,
      email: address,
      active,
    });
    await db('order_emails').insert([
      email(tenantA, ids.booked, '  Mixed.Case@Example.COM '),
      email(tenantA, ids.cancelled, 'billing@firm.example', 'invoice'),
      email(tenantA, ids.credit, 'billing@firm.example', 'invoice'),
      email(tenantA, ids.inactive, 'gone@firm.example', 'order', false),
      email(tenantB, ids.otherTenant, 'mixed.case@example.com'),
    ]);
    token = await h.token(tenantA, { access: 'read-only', permissions: [] });
  });
  afterAll(() => h.close());

  const idsOf = async (query: Query) =>
    (
      await collectPages<Item>((cursor) =>
        h.call('get', '/sales-orders', { token, query: { ...query, ...(cursor && { cursor }) } }),
      )
    ).map((i) => i.id);

  it.each([
    ['the exact address', 'mixed.case@example.com'],
    ['capitals and spaces', '  MIXED.case@EXAMPLE.com  '],
  ])('email matches %s after trimming and lower-casing', async (_name, email) => {
    expect(await idsOf({ email })).toEqual([ids.booked]);
  });

  it('email searches every status without statusKind, invoice addresses included', async () => {
    expect(await idsOf({ email: 'billing@firm.example' })).toEqual([ids.credit, ids.cancelled].sort((a, b) => b - a));
    expect(await idsOf({ email: 'billing@firm.example', statusKind: 'intake' })).toEqual([]);
    expect(await idsOf({ email: 'billing@firm.example', statusKind: 'sales' })).toEqual([ids.credit]);
  });

  it('email never matches a prefix, an inactive row or another tenant', async () => {
    expect(await idsOf({ email: 'mixed.case@example.co' })).toEqual([]);
    expect(await idsOf({ email: 'gone@firm.example' })).toEqual([]);
  });

  it('email finds seeded orders by their order e-mail', async () => {
    const row = await h.t
      .db('order_emails')
      .where({ tenant_id: tenantA, active: true })
      .where('order_id', '<', 900_000)
      .first('email');
    const expected = await h.t
      .db('order_emails as e')
      .join('orders as o', (j) => j.on('o.tenant_id', 'e.tenant_id').andOn('o.id', 'e.order_id'))
      .where({ 'e.tenant_id': tenantA, 'e.active': true })
      .whereRaw('lower(btrim(e.email)) = lower(btrim(?))', [row.email])
      .whereNotNull('o.customer_id')
      .orderBy([
        { column: 'o.date_order', order: 'desc' },
        { column: 'o.id', order: 'desc' },
      ])
      .distinct('o.id', 'o.date_order');
    expect(await idsOf({ email: row.email })).toEqual(expected.map((r) => r.id));
  });

  it('shopOrderNumber matches exactly with case ignored, in every status', async () => {
    expect(await idsOf({ shopOrderNumber: '#shop-77' })).toEqual([ids.booked]);
    expect(await idsOf({ shopOrderNumber: 'klarna-abc' })).toEqual([ids.cancelled]);
    expect(await idsOf({ shopOrderNumber: 'klarna-abc', statusKind: 'intake' })).toEqual([]);
    expect(await idsOf({ shopOrderNumber: '#shop-7' })).toEqual([]);
  });

  it('shopOrderNumber only matches orders created by a webshop or payment importer', async () => {
    expect(await idsOf({ shopOrderNumber: 'MANUAL-1' })).toEqual([]);
  });

  it('shopOrderNumber finds a seeded web order', async () => {
    const row = await h.t
      .db('orders')
      .where('tenant_id', tenantA)
      .whereNotNull('importer_id')
      .where('id', '<', 900_000)
      .first('id', 'shop_order_number');
    expect(await idsOf({ shopOrderNumber: String(row.shop_order_number).toUpperCase() })).toEqual([row.id]);
  });
});
