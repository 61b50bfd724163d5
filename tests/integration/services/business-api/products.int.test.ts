import { startBusinessApi, type BusinessApiHarness } from '../../../support/business-api';
import { insertTenant } from '../../../support/identity';

describe('GET /products/find', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let tenantB: number;
  let token: string;

  beforeAll(async () => {
    h = await startBusinessApi();
    tenantA = await insertTenant(h.t.db, 'a');
    tenantB = await insertTenant(h.t.db, 'b');
    const product = (tenant: number, id: number, number: string, name: string, extra: object = {}) => ({
      tenant_id: tenant,
      id,
      product_number: number,
      name,
      ...extra,
    });
    await h.t
      .db('products')
      .insert([
        product(tenantA, 1, 'SHOE-100', 'Running shoe', { barcode: '7310000000017' }),
        product(tenantA, 2, 'SHOE-1000', 'Trail shoe'),
        product(tenantA, 3, 'SOCK-1', 'Wool sock with shoe print', { is_active: false }),
        product(tenantA, 4, 'X%_1', 'Literal wildcard name'),
        ...Array.from({ length: 25 }, (_, i) =>
          product(tenantA, 100 + i, `BULK-${String(i).padStart(2, '0')}`, 'Bulk item'),
        ),
        product(tenantB, 1, 'SHOE-100', 'Tenant B shoe'),
      ]);
    token = await h.token(tenantA, { access: 'read-only', permissions: [] });
  });
  afterAll(() => h.close());

  const find = (query: Record<string, string | number>) => h.call('get', '/products/find', { token, query });

  it('ranks the exact product number first, then prefixes, then other matches', async () => {
    const res = await find({ q: 'shoe-100' });
    expect(res.status).toBe(200);
    expect(res.body.map((p: { productNumber: string }) => p.productNumber)).toEqual(['SHOE-100', 'SHOE-1000']);
    expect(res.body[0]).toEqual({
      productId: 1,
      productNumber: 'SHOE-100',
      description: 'Running shoe',
      barcode: '7310000000017',
      isActive: true,
    });
  });

  it('finds by barcode and by words in the name, inactive products included', async () => {
    expect((await find({ q: '7310000000017' })).body.map((p: { productId: number }) => p.productId)).toEqual([1]);
    const byName = await find({ q: 'SHOE' });
    expect(byName.body.map((p: { productId: number }) => p.productId)).toEqual([1, 2, 3]);
    expect(byName.body[2].isActive).toBe(false);
  });

  it('matches LIKE wildcards literally', async () => {
    expect((await find({ q: '%_' })).body.map((p: { productId: number }) => p.productId)).toEqual([4]);
  });

  it('returns 10 by default and at most `limit` (1 to 20)', async () => {
    expect((await find({ q: 'bulk' })).body).toHaveLength(10);
    expect((await find({ q: 'bulk', limit: 20 })).body).toHaveLength(20);
    expect((await find({ q: 'bulk', limit: 1 })).body).toHaveLength(1);
  });

  it.each([
    ['a missing q', {}, 'q'],
    ['a blank q', { q: '   ' }, 'q'],
    ['limit 0', { q: 'x', limit: 0 }, 'limit'],
    ['limit 21', { q: 'x', limit: 21 }, 'limit'],
    ['a non-integer limit', { q: 'x', limit: 'ten' }, 'limit'],
  ])('answers %s with ValidationProblemDetails', async (_name, query, field) => {
    const res = await find(query);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });

  it("never returns another tenant's products", async () => {
    const tokenB = await h.token(tenantB);
    const res = await h.call('get', '/products/find', { token: tokenB, query: { q: 'shoe' } });
    expect(res.body).toEqual([
      { productId: 1, productNumber: 'SHOE-100', description: 'Tenant B shoe', barcode: null, isActive: true },
    ]);
  });

  it('needs a token', async () => {
    const res = await h.call('get', '/products/find', { query: { q: 'shoe' } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'unauthorized' });
  });
});
