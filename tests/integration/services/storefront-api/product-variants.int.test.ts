import type { RequestListener } from 'node:http';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';
import { indexedShop, type IndexedShop } from '../../../support/storefront-fixture';
import { createStorefrontTestApp } from '../../../support/storefront-api';
import { addDetailProducts, type DetailProducts } from '../../../support/detail-products';
import { variantsPageSchema } from '../../../../services/storefront-api/variants/variants-schema';
import { storefrontConformance, type StorefrontConformance } from '../../../support/storefront-openapi';

describe('GET /v1/products/{slugOrId}/variants', () => {
  let t: TestDb;
  let r: TestRedis;
  let shop: IndexedShop;
  let app: RequestListener;
  let made: DetailProducts;
  let doc: StorefrontConformance;
  // Every answer is also checked against the OpenAPI document.
  const get = (path: string, headers: Record<string, string> = {}) =>
    doc.get(path, { 'X-Site-Key': shop.keys.publishable, ...headers });
  const page = async (path: string, headers: Record<string, string> = {}) => {
    const res = await get(path, headers);
    expect(res.status).toBe(200);
    return variantsPageSchema.parse(res.body);
  };
  /** "value:available" per axis, sorted, for compact expectations. */
  const availability = (body: { options: { name: string; values: { value: string; available: boolean }[] }[] }) =>
    Object.fromEntries(body.options.map((o) => [o.name, o.values.map((v) => `${v.value}:${v.available}`).sort()]));

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    shop = await indexedShop(t.db, {
      tenant: 'variants',
      products: 40,
      seed: 12,
      configure: async (_siteId, tenantId) => {
        made = await addDetailProducts(t.db, tenantId);
      },
    });
    ({ app } = await createStorefrontTestApp({ db: t.db, redis: r.redis, engine: shop.engine.engine }));
    doc = await storefrontConformance(app);
  }, 120_000);
  afterAll(async () => {
    await shop.engine.cleanup();
    await r.cleanup();
    await t.drop();
  });

  it('pages the 150 variants of a product whose detail leaves them out', async () => {
    const first = await page(`/v1/products/${made.huge}/variants`);
    expect(first).toMatchObject({ total: 150, page: 1, pageSize: 24 });
    expect(first.items).toHaveLength(24);
    const seen = new Set<string>();
    for (let p = 1; p <= 2; p++)
      for (const v of (await page(`/v1/products/${made.huge}/variants?page=${p}&pageSize=100`)).items) seen.add(v.sku);
    expect(seen.size).toBe(150);
    const last = await page(`/v1/products/${made.huge}/variants?page=2&pageSize=100`);
    expect(last.items).toHaveLength(50);
    expect(last.items[0]!.stock).toMatch(/^\d+\.\d{2}$/);
    expect((await page(`/v1/products/${made.huge}/variants?page=9&pageSize=100`)).items).toEqual([]);
    for (const bad of ['pageSize=101', 'page=0', 'pageSize=abc']) {
      const res = await get(`/v1/products/${made.huge}/variants?${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_PAGE');
    }
  });

  it('filters one value per axis, by axis name or facet key, and in stock', async () => {
    const red = await page(`/v1/products/${made.cascade}/variants?filter[colour]=Red`);
    expect(red.items.map((v) => v.sku).sort()).toEqual(['CASC-1-Red-M', 'CASC-1-Red-S']);
    const both = await page(`/v1/products/${made.huge}/variants?filter[colour]=C3&filter[size]=40`);
    expect(both.items.map((v) => v.sku)).toEqual(['HUGE-150-C3-40']);
    const inStock = await page(`/v1/products/${made.cascade}/variants?filter[in-stock]=true`);
    expect(inStock.items.map((v) => v.sku).sort()).toEqual(['CASC-1-Blue-M', 'CASC-1-Red-S']);
    expect((await page(`/v1/products/${made.cascade}/variants?filter[in-stock]=false`)).total).toBe(4);
  });

  it('marks each value available by the other axes selections and the market (two axes)', async () => {
    expect(availability(await page(`/v1/products/${made.cascade}/variants`))).toEqual({
      colour: ['Blue:true', 'Red:true'],
      size: ['M:true', 'S:true'],
    });
    // Blue/S is not sold on m1: choosing S leaves Blue unavailable, and choosing Blue leaves S unavailable.
    expect(availability(await page(`/v1/products/${made.cascade}/variants?filter[size]=S`))).toEqual({
      colour: ['Blue:false', 'Red:true'],
      size: ['M:true', 'S:true'],
    });
    expect(availability(await page(`/v1/products/${made.cascade}/variants?filter[colour]=Blue`))).toEqual({
      colour: ['Blue:true', 'Red:true'],
      size: ['M:true', 'S:false'],
    });
    // Blue/S is sold on m2.
    expect(
      availability(await page(`/v1/products/${made.cascade}/variants?filter[colour]=Blue`, { 'X-Market': 'm2' })),
    ).toEqual({ colour: ['Blue:true', 'Red:true'], size: ['M:true', 'S:true'] });
    // In stock: Red/M has none, so with Red chosen M is unavailable.
    expect(
      availability(await page(`/v1/products/${made.cascade}/variants?filter[colour]=Red&filter[in-stock]=true`)),
    ).toEqual({ colour: ['Blue:true', 'Red:true'], size: ['M:false', 'S:true'] });
  });

  it('is INVALID_FILTER for an unknown axis, a comma list, a repeated axis or a bad toggle', async () => {
    for (const query of [
      'filter[flavour]=x',
      'filter[colour]=Red,Blue',
      'filter[colour]=Red&filter[colour]=Blue',
      'filter[in-stock]=maybe',
      'filter[colour]=',
      'filter[a][b]=1',
    ]) {
      const res = await get(`/v1/products/${made.cascade}/variants?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_FILTER');
    }
  });

  it('is PRODUCT_NOT_FOUND for a variant id or an unsold product', async () => {
    for (const ref of [made.cascadeVariants['Red/S'], made.unsold, 'nope']) {
      const res = await get(`/v1/products/${ref}/variants`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('PRODUCT_NOT_FOUND');
    }
  });
});
