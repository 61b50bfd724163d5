import { startBusinessApi, type BusinessApiHarness } from '../../../support/business-api';
import { SEED_TIMEOUT_MS, num, seedSmallTenant } from '../../../support/business-data';
import { collectPages } from '../../../support/paging';

type StockItem = {
  productId: number;
  productNumber: string;
  warehouseName: string;
  locationName: string;
  qtyInStock: number;
  qtyIncoming: number;
  qtyOutgoing: number;
  qtyDistributable: number;
};
type Expected = StockItem & { warehouseId: number; locationId: number };

describe('GET /warehouse-stock', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let tenantB: number;
  let token: string;
  let expected: Expected[];

  /** Every stock row of a tenant, computed independently of the endpoint, in its documented order. */
  async function stockOf(tenantId: number): Promise<Expected[]> {
    const rows = await h.t
      .db('stock as s')
      .join('products as p', (j) => j.on('p.tenant_id', 's.tenant_id').andOn('p.id', 's.product_id'))
      .join('warehouses as w', (j) => j.on('w.tenant_id', 's.tenant_id').andOn('w.id', 's.warehouse_id'))
      .join('locations as l', (j) => j.on('l.tenant_id', 's.tenant_id').andOn('l.id', 's.location_id'))
      .where('s.tenant_id', tenantId)
      .select('s.*', 'p.product_number', 'w.name as warehouse_name', 'l.name as location_name');
    return rows
      .map((r) => ({
        productId: r.product_id,
        productNumber: r.product_number,
        warehouseName: r.warehouse_name,
        locationName: r.location_name,
        qtyInStock: num(r.qty_in_stock),
        qtyIncoming: num(r.qty_incoming),
        qtyOutgoing: num(r.qty_outgoing),
        qtyDistributable: num(r.qty_in_stock) - num(r.qty_outgoing) + num(r.qty_incoming),
        warehouseId: r.warehouse_id,
        locationId: r.location_id,
      }))
      .sort((a, b) => b.productId - a.productId || b.warehouseId - a.warehouseId || b.locationId - a.locationId);
  }
  const firstIn = (warehouseId: number): Expected => {
    const row = expected.find((e) => e.warehouseId === warehouseId);
    if (!row) throw new Error(`no stock in warehouse ${warehouseId}`);
    return row;
  };
  const strip = ({ warehouseId: _w, locationId: _l, ...item }: Expected): StockItem => item;

  beforeAll(async () => {
    h = await startBusinessApi();
    tenantA = await seedSmallTenant(h.t.db, 'stock-a', 1);
    tenantB = await seedSmallTenant(h.t.db, 'stock-b', 2);
    await h.t.db('stock').where({ tenant_id: tenantA, product_id: 1 }).del();
    await h.t.db('stock').insert({
      tenant_id: tenantA,
      product_id: 1,
      warehouse_id: 1,
      location_id: 1,
      qty_in_stock: '10.5000',
      qty_incoming: '2.2500',
      qty_outgoing: '4.0000',
    });
    expected = await stockOf(tenantA);
    token = await h.token(tenantA, { access: 'read-only', permissions: [] });
  }, SEED_TIMEOUT_MS);
  afterAll(() => h.close());

  const list = (query: Record<string, string | number> = {}, t = token) =>
    h.call('get', '/warehouse-stock', { token: t, query });

  it('returns the first page of 50 in key order, with qtyDistributable computed', async () => {
    expect(expected.length).toBeGreaterThan(60);
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pageSizeApplied: 50, truncated: false });
    expect(res.body.items).toEqual(expected.slice(0, 50).map(strip));
    expect(typeof res.body.nextCursor).toBe('string');
  });

  it('computes qtyDistributable = qtyInStock - qtyOutgoing + qtyIncoming', async () => {
    const res = await list({ productId: 1 });
    expect(res.body.items).toEqual([
      expect.objectContaining({
        productId: 1,
        qtyInStock: 10.5,
        qtyIncoming: 2.25,
        qtyOutgoing: 4,
        qtyDistributable: 8.75,
      }),
    ]);
  });

  it('pages through every row exactly once', async () => {
    const items = await collectPages<StockItem>((cursor) => list({ pageSize: 37, ...(cursor && { cursor }) }));
    expect(items).toEqual(expected.map(strip));
  });

  it.each([
    [
      'productId',
      (e: Expected) => e.productId === expected[5]!.productId,
      () => ({ productId: expected[5]!.productId }),
    ],
    ['warehouseId', (e: Expected) => e.warehouseId === 2, () => ({ warehouseId: 2 })],
    [
      'locationId',
      (e: Expected) => e.locationId === expected[0]!.locationId,
      () => ({ locationId: expected[0]!.locationId }),
    ],
    [
      'warehouseId and productId',
      (e: Expected) => e.warehouseId === 1 && e.productId === firstIn(1).productId,
      () => ({ warehouseId: 1, productId: firstIn(1).productId }),
    ],
  ])('filters by %s', async (_name, keep, query) => {
    const want = expected.filter(keep).map(strip);
    expect(want.length).toBeGreaterThan(0);
    const items = await collectPages<StockItem>((cursor) =>
      list({ ...query(), pageSize: 200, ...(cursor && { cursor }) }),
    );
    expect(items).toEqual(want);
  });

  it('applies at most 200 and says so with truncated', async () => {
    const res = await list({ pageSize: 500 });
    expect(res.body).toMatchObject({ pageSizeApplied: 200, truncated: true });
    expect(res.body.items).toHaveLength(Math.min(200, expected.length));
    expect((await list({ pageSize: 200 })).body).toMatchObject({ pageSizeApplied: 200, truncated: false });
    expect((await list({ pageSize: 5 })).body.items).toHaveLength(5);
  });

  it('stays stable when rows are inserted while paging', async () => {
    const seen: StockItem[] = [];
    let cursor: string | undefined;
    let inserted = false;
    do {
      const res = await list({ pageSize: 40, ...(cursor && { cursor }) });
      seen.push(...res.body.items);
      cursor = res.body.nextCursor ?? undefined;
      if (!inserted) {
        inserted = true;
        // One row before the cursor position and one after it.
        await h.t
          .db('stock')
          .insert([
            {
              tenant_id: tenantA,
              product_id: expected[0]!.productId,
              warehouse_id: 3,
              location_id: 40,
              qty_in_stock: 1,
            },
            { tenant_id: tenantA, product_id: 1, warehouse_id: 2, location_id: 30, qty_in_stock: 1 },
          ])
          .onConflict(['tenant_id', 'product_id', 'warehouse_id', 'location_id'])
          .ignore();
      }
    } while (cursor);
    const keys = seen.map((s) => `${s.productId}/${s.warehouseName}/${s.locationName}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(seen).toEqual(expect.arrayContaining(expected.map(strip)));
    await h.t
      .db('stock')
      .where({ tenant_id: tenantA })
      .andWhere((w) =>
        w.where({ warehouse_id: 3, location_id: 40 }).orWhere({ warehouse_id: 2, location_id: 30, product_id: 1 }),
      )
      .del();
    expected = await stockOf(tenantA);
  });

  it.each([
    ['a blank productId', { productId: '' }],
    ['a non-numeric warehouseId', { warehouseId: 'main' }],
    ['a locationId with a leading zero', { locationId: '01' }],
    ['a productId beyond 32 bits', { productId: '2147483648' }],
    ['a malformed cursor', { cursor: 'not-a-cursor' }],
  ])('answers %s with 400 invalid_request', async (_name, query) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_request', traceId: expect.any(String) });
  });

  it.each([
    ['pageSize 0', { pageSize: 0 }],
    ['a non-integer pageSize', { pageSize: 'many' }],
  ])('answers %s with ValidationProblemDetails', async (_name, query) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Object.keys(res.body.errors)).toEqual(['pageSize']);
  });

  it("never shows another tenant's stock", async () => {
    const tokenB = await h.token(tenantB);
    const items = await collectPages<StockItem>((cursor) => list({ pageSize: 200, ...(cursor && { cursor }) }, tokenB));
    expect(items).toEqual((await stockOf(tenantB)).map(strip));
    expect((await list({ productId: 1 }, tokenB)).body.items).not.toContainEqual(
      expect.objectContaining({ qtyDistributable: 8.75, qtyIncoming: 2.25 }),
    );
  });

  it('needs a token', async () => {
    const res = await h.call('get', '/warehouse-stock');
    expect(res.status).toBe(401);
  });
});
