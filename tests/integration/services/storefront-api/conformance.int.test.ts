import request from 'supertest';
import { ConfigRegistry } from '../../../../shared/storefront-config/config-registry';
import { ERRORS_DOC_URL } from '../../../support/storefront-api';
import {
  conformanceShop,
  engineFailing,
  LISTING_TEMPLATES,
  templateOfPair,
  type ConformanceShop,
} from '../../../support/conformance-shop';
import { storefrontConformance, type StorefrontConformance } from '../../../support/storefront-openapi';
import { createTestRedis } from '../../../support/test-redis';

// The site, listing, suggest and search-in-facet routes; the catalogue routes are in conformance-catalogue.int.test.ts.
const ROUTES = ['/v1/site', '/v1/products', '/v1/search/suggest?q=a', '/v1/products/facets/brand?q=a'];
const INDEX_ROUTES = ROUTES.slice(1);

describe('storefront answers conform to the OpenAPI document', () => {
  let c: ConformanceShop;
  let doc: StorefrontConformance;
  const get = (path: string, headers: Record<string, string> = {}) =>
    doc.get(path, { 'X-Site-Key': c.shop.keys.publishable, ...headers });

  beforeAll(async () => {
    c = await conformanceShop('conform', 13);
    ({ doc } = c);
  }, 120_000);

  it('answers 200 and 304 on every route, for each key kind', async () => {
    for (const path of ROUTES) {
      const first = await get(path);
      expect(first.status).toBe(200);
      expect((await get(path, { 'If-None-Match': first.headers.etag })).status).toBe(304);
      const preview = await get(path, { 'X-Site-Key': c.shop.keys.preview, 'X-Market': 'm2', 'Accept-Language': 'sv' });
      expect(preview.headers['cache-control']).toBe('private, no-store');
      expect((await get(path, { 'X-Site-Key': c.shop.keys.secret })).status).toBe(200);
    }
  });

  it('lists with every parameter, redirects, collections, warnings and each facet type', async () => {
    const brand = (await get('/v1/products')).body.facets.find((f: { key: string }) => f.key === 'brand');
    const value = brand.values[0].value as string;
    const listed = await get(
      `/v1/products?q=a&page=2&pageSize=5&sort=price_desc&collection=everything&filter[brand]=` +
        `${encodeURIComponent(value)}&filter[price]=-&filter[in-stock]=true&filter[nope]=1&sort=bogus&collection=nowhere`,
    );
    expect(listed.body.appliedFilters).toContainEqual(expect.objectContaining({ facet: 'brand', value }));
    expect(listed.body.warnings.map((w: { code: string }) => w.code)).toEqual(
      expect.arrayContaining(['FILTER_IGNORED']),
    );
    const types = new Set((await get('/v1/products')).body.facets.map((f: { type: string }) => f.type));
    expect([...types].sort()).toEqual(['hierarchy', 'list', 'range', 'swatch', 'toggle']);
    expect((await get('/v1/products?q=returns')).body.redirect).toMatchObject({
      type: 'url',
      url: 'https://m1.shop.example/returns',
    });
    expect((await get('/v1/products?q=everything')).body.redirect).toMatchObject({
      type: 'collection',
      collection: { slug: 'everything' },
    });
    expect((await get('/v1/products?collection=everything')).body.items[0].collections).toContain('everything');
    await get(`/v1/products?q=${'x'.repeat(250)}&filter[price]=90-10&sort=newest`);
    await get('/v1/products?sort=name_asc&filter[category]=a,b\\,c');
    const look = (await get('/v1/products')).body.facets.find((f: { key: string }) => f.key === 'look');
    expect(look.values[0]).toHaveProperty('swatch', null);
    const found = await get(
      `/v1/products/facets/look?q=${encodeURIComponent(String(look.values[0].label).slice(0, 1))}&filter[brand]=${encodeURIComponent(value)}&filter[nope]=1`,
    );
    expect(found.body.warnings).toContainEqual(expect.objectContaining({ code: 'FILTER_IGNORED', facet: 'nope' }));
  });

  it('answers the pipeline errors on every route', async () => {
    for (const path of ROUTES) {
      expect((await doc.get(path)).body.code).toBe('SITE_KEY_MISSING');
      expect((await get(path, { 'X-Site-Key': 'sfk_pub_unknown' })).body.code).toBe('SITE_KEY_INVALID');
      expect((await get(path, { 'X-Site-Key': c.shop.keys.secret, 'Sec-Fetch-Site': 'cross-site' })).body.code).toBe(
        'SECRET_KEY_FROM_BROWSER',
      );
      const market = await get(path, { 'X-Market': 'mars' });
      expect(market.body).toMatchObject({ code: 'MARKET_UNKNOWN', validMarkets: ['m1', 'm2'] });
      expect((await get(path, { 'X-Site-Key': c.keys.inactive })).body.code).toBe('SITE_INACTIVE');
    }
  });

  it("answers each route's own 400 and 404 codes", async () => {
    for (const path of ['/v1/products?page=0', '/v1/products?pageSize=500', '/v1/products?page=200&pageSize=100'])
      expect((await get(path)).body.code).toBe('INVALID_PAGE');
    expect((await get('/v1/products?filter[a][b]=1')).body.code).toBe('INVALID_FILTER');
    expect((await get('/v1/products/facets/brand?q=a&filter[a][b]=1')).body.code).toBe('INVALID_FILTER');
    for (const path of [
      '/v1/search/suggest',
      '/v1/search/suggest?q=%20',
      `/v1/search/suggest?q=${'a'.repeat(101)}`,
      '/v1/products/facets/brand',
    ])
      expect((await get(path)).body.code).toBe('INVALID_QUERY');
    expect((await get('/v1/products/facets/price?q=1')).body.code).toBe('FACET_NOT_SEARCHABLE');
    expect((await get('/v1/products/facets/in-stock?q=1')).body.code).toBe('FACET_NOT_SEARCHABLE');
    expect((await get('/v1/products/facets/nope?q=a')).body.code).toBe('FACET_NOT_FOUND');
    // A key that does not percent-decode names nothing.
    expect((await get('/v1/products/facets/%E2%82?q=a')).body.code).toBe('NOT_FOUND');
    const unknown = await get('/v1/nothing');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      type: `${ERRORS_DOC_URL}/NOT_FOUND`,
      title: 'NOT_FOUND',
      status: 404,
      detail: expect.any(String),
      code: 'NOT_FOUND',
    });
  });

  it('answers 503 while warming up and before the first build, and 500 on a fault', async () => {
    for (const path of INDEX_ROUTES) {
      const unbuilt = await get(path, { 'X-Site-Key': c.keys.unbuilt });
      expect(unbuilt.body.code).toBe('INDEX_UNAVAILABLE');
    }
    const warming = await storefrontConformance(await c.appWith({ registry: new ConfigRegistry(c.t.db) }));
    for (const path of ROUTES)
      expect((await warming.get(path, { 'X-Site-Key': c.shop.keys.publishable })).body.code).toBe(
        'SITE_REGISTRY_WARMING',
      );
    for (const s of warming.seen) doc.seen.add(s);
    const faulty = await storefrontConformance(
      await c.appWith({ engine: engineFailing(c.shop.engine.engine, 'fault') }),
    );
    const fault = await faulty.get('/v1/products', { 'X-Site-Key': c.shop.keys.publishable });
    expect(fault.body).toMatchObject({ code: 'INTERNAL_ERROR', detail: 'Something went wrong on our side.' });
    expect(JSON.stringify(fault.body)).not.toContain('engine fault');
    for (const s of faulty.seen) doc.seen.add(s);
  });

  it('answers 429 on every route once the per-IP budget is spent', async () => {
    const limits = createTestRedis();
    const limitedApp = await c.appWith({ limiterRedis: limits });
    const limited = await storefrontConformance(limitedApp);
    for (let i = 0; i < 60; i++) await request(limitedApp).get('/v1/site');
    for (const path of ROUTES) {
      const res = await limited.get(path, { 'X-Site-Key': 'sfk_pub_unknown' });
      expect(res.body).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
      expect(Number(res.headers['retry-after'])).toBe(res.body.retryAfterSeconds);
    }
    for (const s of limited.seen) doc.seen.add(s);
    await limits.cleanup();
  });

  it('answers 503 on every route while the database is down, and 500 with no internals on a database fault', async () => {
    const down = await storefrontConformance(await c.appWith({ db: c.downDb() }));
    const faulty = await storefrontConformance(await c.appWith({ db: c.faultyDb() }));
    for (const path of ROUTES) {
      expect((await down.get(path, { 'X-Site-Key': c.shop.keys.publishable })).body.code).toBe('SERVICE_UNAVAILABLE');
      const res = await faulty.get(path, { 'X-Site-Key': c.shop.keys.publishable });
      expect(res.body).toMatchObject({ code: 'INTERNAL_ERROR', detail: 'Something went wrong on our side.' });
      expect(JSON.stringify(res.body)).not.toMatch(/aisle_no_such_database|127\.0\.0\.1/);
    }
    for (const s of [...down.seen, ...faulty.seen]) doc.seen.add(s);
  });

  afterAll(async () => {
    try {
      // Every documented response of these routes was produced above.
      const mine = doc.documented().filter((response) => LISTING_TEMPLATES.includes(templateOfPair(response)));
      expect(mine.length).toBeGreaterThanOrEqual(LISTING_TEMPLATES.length * 9);
      expect(mine.filter((response) => !doc.seen.has(response))).toEqual([]);
    } finally {
      await c.cleanup();
    }
  });
});
