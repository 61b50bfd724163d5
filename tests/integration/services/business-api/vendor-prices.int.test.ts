import { startBusinessApi, type BusinessApiHarness } from '../../../support/business-api';
import { SEED_TIMEOUT_MS, num, seedSmallTenant } from '../../../support/business-data';
import { collectPages } from '../../../support/paging';

type PriceItem = {
  productId: number;
  productNumber: string;
  supplierId: number;
  supplierName: string;
  supplierProductNumber: string;
  price: number;
  currencyIsoCode: string;
  leadTimeDays: number | null;
  validFrom: string | null;
  validTo: string | null;
};

describe('GET /vendor-prices', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let tenantB: number;
  let token: string;
  const PRODUCT = 7;

  /** A product's vendor prices, computed independently of the endpoint, newest (highest id) first. */
  async function pricesOf(tenantId: number, productId: number): Promise<PriceItem[]> {
    const rows = await h.t
      .db('vendor_prices as vp')
      .join('products as p', (j) => j.on('p.tenant_id', 'vp.tenant_id').andOn('p.id', 'vp.product_id'))
      .join('vendors as v', (j) => j.on('v.tenant_id', 'vp.tenant_id').andOn('v.id', 'vp.vendor_id'))
      .where({ 'vp.tenant_id': tenantId, 'vp.product_id': productId })
      .select('vp.*', 'p.product_number', 'v.name as vendor_name')
      .orderBy('vp.id', 'desc');
    return rows.map((r) => ({
      productId: r.product_id,
      productNumber: r.product_number,
      supplierId: r.vendor_id,
      supplierName: r.vendor_name,
      supplierProductNumber: r.supplier_product_number,
      price: num(r.price),
      currencyIsoCode: r.currency_code,
      leadTimeDays: r.lead_time_days,
      validFrom: r.valid_from ? new Date(r.valid_from).toISOString() : null,
      validTo: r.valid_to ? new Date(r.valid_to).toISOString() : null,
    }));
  }

  beforeAll(async () => {
    h = await startBusinessApi();
    tenantA = await seedSmallTenant(h.t.db, 'vp-a', 1);
    tenantB = await seedSmallTenant(h.t.db, 'vp-b', 2);
    const [maxId] = await h.t.db('vendor_prices').where({ tenant_id: tenantA }).max<{ max: number }[]>('id');
    const vendors = await h.t
      .db('vendors')
      .where({ tenant_id: tenantA })
      .orderBy('id')
      .limit(3)
      .select<{ id: number }[]>('id');
    const row = (i: number, vendorId: number, extra: object) => ({
      tenant_id: tenantA,
      id: (maxId?.max ?? 0) + i,
      vendor_id: vendorId,
      product_id: PRODUCT,
      supplier_product_number: `SP-${i}`,
      price: '12.3400',
      currency_code: 'SEK',
      lead_time_days: 5,
      ...extra,
    });
    await h.t.db('vendor_prices').insert([
      row(1, vendors[0]!.id, {
        currency_code: 'EUR',
        valid_from: '2024-01-01T00:00:00Z',
        valid_to: '2024-06-30T00:00:00Z',
      }),
      row(2, vendors[1]!.id, { price: '99.9900', lead_time_days: null, valid_from: '2024-07-01T00:00:00Z' }),
      row(3, vendors[2]!.id, { currency_code: 'USD', valid_to: '2030-01-01T00:00:00Z' }),
      ...Array.from({ length: 6 }, (_, k) => row(10 + k, vendors[k % 3]!.id, {})),
    ]);
    token = await h.token(tenantA, { access: 'read-only', permissions: [] });
  }, SEED_TIMEOUT_MS);
  afterAll(() => h.close());

  const list = (query: Record<string, string | number>, t = token) =>
    h.call('get', '/vendor-prices', { token: t, query });
  const all = (query: Record<string, string | number>, t = token) =>
    collectPages<PriceItem>((cursor) => list({ ...query, pageSize: 4, ...(cursor && { cursor }) }, t));

  it("lists a product's vendor prices newest first, across pages", async () => {
    const expected = await pricesOf(tenantA, PRODUCT);
    expect(expected.length).toBeGreaterThanOrEqual(9);
    const first = await list({ productId: PRODUCT });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ pageSizeApplied: 50, truncated: false, nextCursor: null });
    expect(first.body.items).toEqual(expected);
    expect(await all({ productId: PRODUCT })).toEqual(expected);
  });

  it('returns fields as stored, nulls included', async () => {
    const items = await all({ productId: PRODUCT });
    expect(items).toContainEqual(
      expect.objectContaining({
        supplierProductNumber: 'SP-2',
        price: 99.99,
        leadTimeDays: null,
        validFrom: '2024-07-01T00:00:00.000Z',
        validTo: null,
        currencyIsoCode: 'SEK',
      }),
    );
  });

  it('filters by supplierId, currencyCode (any case) and validAt', async () => {
    const expected = await pricesOf(tenantA, PRODUCT);
    const supplier = expected.find((p) => p.supplierProductNumber === 'SP-1')!.supplierId;
    expect(await all({ productId: PRODUCT, supplierId: supplier })).toEqual(
      expected.filter((p) => p.supplierId === supplier),
    );
    expect(await all({ productId: PRODUCT, currencyCode: 'eur' })).toEqual(
      expected.filter((p) => p.currencyIsoCode === 'EUR'),
    );
    const at = '2024-03-01T00:00:00Z';
    const valid = (p: PriceItem) =>
      (p.validFrom === null || p.validFrom <= '2024-03-01T00:00:00.000Z') &&
      (p.validTo === null || p.validTo >= '2024-03-01T00:00:00.000Z');
    const validItems = await all({ productId: PRODUCT, validAt: at });
    expect(validItems).toEqual(expected.filter(valid));
    expect(validItems.map((p) => p.supplierProductNumber)).toEqual(expect.arrayContaining(['SP-1', 'SP-3']));
    expect(validItems.map((p) => p.supplierProductNumber)).not.toContain('SP-2');
  });

  it('answers a missing productId with 400 invalid_request', async () => {
    const res = await list({});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_request', message: 'productId is required.' });
  });

  it.each([
    ['a blank productId', { productId: ' ' }],
    ['a non-numeric productId', { productId: 'abc' }],
    ['a zero supplierId', { productId: PRODUCT, supplierId: 0 }],
    ['a malformed currencyCode', { productId: PRODUCT, currencyCode: 'EURO' }],
    ['a blank currencyCode', { productId: PRODUCT, currencyCode: '' }],
    ['a malformed cursor', { productId: PRODUCT, cursor: 'xyz' }],
  ])('answers %s with 400 invalid_request', async (_name, query) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_request' });
  });

  it.each([
    ['a validAt that is not a date-time', { productId: PRODUCT, validAt: 'yesterday' }, 'validAt'],
    ['a negative pageSize', { productId: PRODUCT, pageSize: -1 }, 'pageSize'],
  ])('answers %s with ValidationProblemDetails', async (_name, query, field) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });

  it("never shows another tenant's prices", async () => {
    const tokenB = await h.token(tenantB);
    const items = await all({ productId: PRODUCT }, tokenB);
    expect(items).toEqual(await pricesOf(tenantB, PRODUCT));
    expect(items.map((p) => p.supplierProductNumber)).not.toContain('SP-1');
  });

  it('needs a token', async () => {
    expect((await h.call('get', '/vendor-prices', { query: { productId: PRODUCT } })).status).toBe(401);
  });
});
