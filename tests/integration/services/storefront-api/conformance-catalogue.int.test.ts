import request from 'supertest';
import { ConfigRegistry } from '../../../../shared/storefront-config/config-registry';
import {
  conformanceShop,
  engineFailing,
  LISTING_TEMPLATES,
  templateOfPair,
  type ConformanceShop,
} from '../../../support/conformance-shop';
import { storefrontConformance, type StorefrontConformance } from '../../../support/storefront-openapi';
import { createTestRedis } from '../../../support/test-redis';

// The catalogue reads (products, variants, collections, categories, sitemap, brands) against the OpenAPI document:
// every documented status of every route not covered by conformance.int.test.ts is produced and validated here.

/** A path segment that does not percent-decode (a cut UTF-8 sequence). */
const UNDECODABLE = '%E2%82';

describe('catalogue answers conform to the OpenAPI document', () => {
  let c: ConformanceShop;
  let doc: StorefrontConformance;
  let routes: string[];
  let engineRoutes: string[];
  const get = (path: string, headers: Record<string, string> = {}) =>
    doc.get(path, { 'X-Site-Key': c.shop.keys.publishable, ...headers });
  const code = async (path: string, headers: Record<string, string> = {}) =>
    (await get(path, headers)).body.code as string;
  const adopt = (other: StorefrontConformance) => {
    for (const s of other.seen) doc.seen.add(s);
  };

  beforeAll(async () => {
    c = await conformanceShop('conform-catalogue', 14);
    ({ doc } = c);
    const { cascade, huge } = c.made;
    routes = [
      `/v1/products/${cascade}`,
      '/v1/products/by-sku/CASC-1-Blue-M',
      `/v1/products/${huge}/variants?pageSize=5`,
      '/v1/collections',
      '/v1/collections/everything',
      '/v1/categories',
      '/v1/sitemap?type=product',
      '/v1/brands',
      `/v1/brands/${c.brand.id}`,
    ];
    // The routes that reach the search engine (a listing, the brand facet).
    engineRoutes = ['/v1/collections/everything', '/v1/brands', `/v1/brands/${c.brand.id}`, '/v1/sitemap?type=brand'];
  }, 120_000);

  it('answers 200 and 304 on every route, for each key kind and market', async () => {
    for (const path of routes) {
      const first = await get(path);
      expect(first.status).toBe(200);
      expect((await get(path, { 'If-None-Match': first.headers.etag })).status).toBe(304);
      const preview = await get(path, { 'X-Site-Key': c.shop.keys.preview, 'X-Market': 'm2', 'Accept-Language': 'sv' });
      expect([preview.status, preview.headers['cache-control']]).toEqual([200, 'private, no-store']);
      expect((await get(path, { 'X-Site-Key': c.shop.keys.secret })).status).toBe(200);
    }
  });

  it('answers the shapes with content: variants inline and paged, SKU hits, related, bundle, every sitemap type', async () => {
    const { cascade, huge, cascadeVariants } = c.made;
    expect((await get(`/v1/products/${huge}`)).body).toMatchObject({ variants: null, variantCount: 150 });
    expect((await get(`/v1/products/${cascade}`)).body.variants).toHaveLength(4);
    expect((await get('/v1/products/by-sku/CASC-1-Blue-M')).body.matchedVariantId).toBe(
      String(cascadeVariants['Blue/M']),
    );
    expect((await get(`/v1/products/${cascade}`)).body.related).toEqual([
      expect.objectContaining({ key: 'similar', products: [expect.objectContaining({ id: String(huge) })] }),
    ]);
    expect((await get('/v1/products/by-sku/BUNDLE-1')).body.bundle).toEqual({
      components: [
        expect.objectContaining({ product: expect.objectContaining({ id: String(cascade) }), quantity: '2.00' }),
      ],
    });
    const selected = await get(
      `/v1/products/${cascade}/variants?filter[colour]=Red&filter[in-stock]=true&page=1&pageSize=1`,
    );
    expect(selected.body).toMatchObject({ total: 1, pageSize: 1 });
    expect(selected.body.options.length).toBe(2);
    const page = await get(
      '/v1/collections/everything?q=a&page=2&pageSize=5&sort=price_desc&filter[brand]=x&filter[nope]=1',
    );
    expect(page.body.listing.warnings.length).toBeGreaterThan(0);
    for (const type of ['product', 'collection', 'brand']) {
      const rows = await get(`/v1/sitemap?type=${type}&since=2020-01-01&page=1&pageSize=1000`);
      expect(rows.body.items.length).toBeGreaterThan(0);
    }
    const brands = await get('/v1/brands');
    expect(brands.body.items.length).toBeGreaterThan(0);
    expect((await get(`/v1/brands/${brands.body.items[0].slug}?sort=name_asc`)).body.redirectTo).toBeNull();
  });

  it('answers the pipeline errors on every route', async () => {
    for (const path of routes) {
      expect((await doc.get(path)).body.code).toBe('SITE_KEY_MISSING');
      expect(await code(path, { 'X-Site-Key': 'sfk_pub_unknown' })).toBe('SITE_KEY_INVALID');
      expect(await code(path, { 'X-Site-Key': c.shop.keys.secret, 'Sec-Fetch-Site': 'cross-site' })).toBe(
        'SECRET_KEY_FROM_BROWSER',
      );
      expect((await get(path, { 'X-Market': 'mars' })).body).toMatchObject({
        code: 'MARKET_UNKNOWN',
        validMarkets: ['m1', 'm2'],
      });
      expect(await code(path, { 'X-Site-Key': c.keys.inactive })).toBe('SITE_INACTIVE');
    }
  });

  it("answers each route's own 400 and 404 codes", async () => {
    const { cascade, cascadeVariants, unsold } = c.made;
    const expected: [string, string][] = [
      ['/v1/products/no-such-slug', 'PRODUCT_NOT_FOUND'],
      [`/v1/products/${cascadeVariants['Red/S']}`, 'PRODUCT_NOT_FOUND'],
      [`/v1/products/${unsold}`, 'PRODUCT_NOT_FOUND'],
      [`/v1/products/${UNDECODABLE}`, 'NOT_FOUND'],
      ['/v1/products/by-sku/NOPE-1', 'PRODUCT_NOT_FOUND'],
      ['/v1/products/by-sku/NOPRICE-1', 'PRODUCT_NOT_FOUND'],
      [`/v1/products/by-sku/${UNDECODABLE}`, 'NOT_FOUND'],
      [`/v1/products/${cascade}/variants?pageSize=101`, 'INVALID_PAGE'],
      [`/v1/products/${cascade}/variants?page=0`, 'INVALID_PAGE'],
      [`/v1/products/${cascade}/variants?filter[flavour]=x`, 'INVALID_FILTER'],
      [`/v1/products/${cascade}/variants?filter[colour]=Red,Blue`, 'INVALID_FILTER'],
      [`/v1/products/${cascade}/variants?filter[a][b]=1`, 'INVALID_FILTER'],
      ['/v1/products/nope/variants', 'PRODUCT_NOT_FOUND'],
      [`/v1/products/${UNDECODABLE}/variants`, 'NOT_FOUND'],
      ['/v1/collections/nope', 'COLLECTION_NOT_FOUND'],
      ['/v1/collections/everything?pageSize=101', 'INVALID_PAGE'],
      ['/v1/collections/everything?page=200&pageSize=100', 'INVALID_PAGE'],
      ['/v1/collections/everything?filter[a][b]=1', 'INVALID_FILTER'],
      [`/v1/collections/${UNDECODABLE}`, 'NOT_FOUND'],
      ['/v1/sitemap', 'INVALID_TYPE'],
      ['/v1/sitemap?type=page', 'INVALID_TYPE'],
      ['/v1/sitemap?type=product&since=yesterday', 'INVALID_SINCE'],
      ['/v1/sitemap?type=product&since=2025-02-30', 'INVALID_SINCE'],
      ['/v1/sitemap?type=product&pageSize=1001', 'INVALID_PAGE'],
      ['/v1/sitemap?type=collection&page=0', 'INVALID_PAGE'],
      ['/v1/brands/no-such-brand', 'NOT_FOUND'],
      [`/v1/brands/${c.brand.id}?pageSize=101`, 'INVALID_PAGE'],
      [`/v1/brands/${c.brand.id}?filter[a][b]=1`, 'INVALID_FILTER'],
      [`/v1/brands/${UNDECODABLE}`, 'NOT_FOUND'],
    ];
    for (const [path, wanted] of expected) expect([path, await code(path)]).toEqual([path, wanted]);
  });

  it('answers 503 while warming up, when the search engine is unavailable and the database is down, and 500 on a fault', async () => {
    const warming = await storefrontConformance(await c.appWith({ registry: new ConfigRegistry(c.t.db) }));
    for (const path of routes)
      expect((await warming.get(path, { 'X-Site-Key': c.shop.keys.publishable })).body.code).toBe(
        'SITE_REGISTRY_WARMING',
      );
    const down = await storefrontConformance(
      await c.appWith({ engine: engineFailing(c.shop.engine.engine, 'unavailable') }),
    );
    const faulty = await storefrontConformance(
      await c.appWith({ engine: engineFailing(c.shop.engine.engine, 'fault') }),
    );
    for (const path of engineRoutes) {
      expect((await down.get(path, { 'X-Site-Key': c.shop.keys.publishable })).body.code).toBe('INDEX_UNAVAILABLE');
      const fault = await faulty.get(path, { 'X-Site-Key': c.shop.keys.publishable });
      expect(fault.body).toMatchObject({ code: 'INTERNAL_ERROR', detail: 'Something went wrong on our side.' });
      expect(JSON.stringify(fault.body)).not.toContain('engine fault');
    }
    // The database down (503) or failing otherwise (500): every route, whether or not it reaches the engine.
    const noDb = await storefrontConformance(await c.appWith({ db: c.downDb() }));
    const badDb = await storefrontConformance(await c.appWith({ db: c.faultyDb() }));
    for (const path of routes) {
      expect((await noDb.get(path, { 'X-Site-Key': c.shop.keys.publishable })).body.code).toBe('SERVICE_UNAVAILABLE');
      expect((await badDb.get(path, { 'X-Site-Key': c.shop.keys.publishable })).body.code).toBe('INTERNAL_ERROR');
    }
    [warming, down, faulty, noDb, badDb].forEach(adopt);
  });

  it('answers 429 on every route once the per-IP budget is spent', async () => {
    const limits = createTestRedis();
    try {
      const limitedApp = await c.appWith({ limiterRedis: limits });
      const limited = await storefrontConformance(limitedApp);
      for (let i = 0; i < 60; i++) await request(limitedApp).get('/v1/site');
      for (const path of routes) {
        const res = await limited.get(path, { 'X-Site-Key': 'sfk_pub_unknown' });
        expect(res.body).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
        expect(Number(res.headers['retry-after'])).toBe(res.body.retryAfterSeconds);
      }
      adopt(limited);
    } finally {
      await limits.cleanup();
    }
  });

  afterAll(async () => {
    try {
      // Every documented response of every route outside conformance.int.test.ts was produced above.
      // The cart routes are not GET reads: cart.int.test.ts produces and checks their documented answers.
      const mine = doc
        .documented()
        .filter((pair) => !LISTING_TEMPLATES.includes(templateOfPair(pair)) && !pair.startsWith('/v1/cart'));
      expect(new Set(mine.map(templateOfPair)).size).toBe(9);
      expect(mine.filter((pair) => !doc.seen.has(pair))).toEqual([]);
    } finally {
      await c.cleanup();
    }
  });
});
