import os from 'node:os';
import path from 'node:path';
import { productMediaReader } from '../../../../shared/media/site-media';
import type { Express } from 'express';
import request from 'supertest';
import { createApp } from '../../../../services/storefront-api/app';
import type { SearchEngine } from '../../../../shared/search';
import { createLogger } from '../../../../shared/logger';
import { ConfigRegistry } from '../../../../shared/storefront-config/config-registry';
import { saveCollection, saveFacet, saveMarket, saveQueryRule, saveSite } from '../../../../shared/storefront-config/drafts';
import { createKey } from '../../../../shared/storefront-config/keys';
import { publishConfig } from '../../../../shared/storefront-config/publish';
import { loadTenantFacts } from '../../../../indexer/documents/site-config';
import { createStorefrontTestApp, ERRORS_DOC_URL } from '../../../support/storefront-api';
import { indexedShop, publishTwoMarketSite, twoPriceLists, type IndexedShop } from '../../../support/storefront-fixture';
import { storefrontConformance, type StorefrontConformance } from '../../../support/storefront-openapi';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';

const ROUTES = ['/v1/site', '/v1/products', '/v1/search/suggest?q=a', '/v1/products/facets/brand?q=a'];
const INDEX_ROUTES = ROUTES.slice(1);

/** The engine, except that listings fail as a bug would: the 500 path. */
function failingSearch(engine: SearchEngine): SearchEngine {
  return new Proxy(engine, {
    get(target, property) {
      if (property === 'search') return () => Promise.reject(new Error('engine fault'));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('storefront answers conform to the OpenAPI document', () => {
  let t: TestDb;
  let r: TestRedis;
  let limits: TestRedis;
  let shop: IndexedShop;
  let app: Express;
  let doc: StorefrontConformance;
  const keys = { unbuilt: '', inactive: '' };
  const get = (path: string, headers: Record<string, string> = {}) => doc.get(path, { 'X-Site-Key': shop.keys.publishable, ...headers });
  const appWith = (registry: ConfigRegistry, engine: SearchEngine, limiterRedis = r.redis) =>
    createApp({
      db: t.db, redis: r.redis, limiterRedis, logger: createLogger({ name: 'test', level: 'silent' }), registry, engine, media: productMediaReader(path.join(os.tmpdir(), 'aisle-no-media')),
      config: { ERRORS_DOC_URL, RATE_LIMIT_WINDOW_SECONDS: 60, MEDIA_BASE_URL: 'http://media.test', MICRO_CACHE_MS: 0, TRUST_PROXY: false },
    });

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    limits = createTestRedis();
    shop = await indexedShop(t.db, {
      tenant: 'conform', products: 150, seed: 13,
      configure: async (siteId, tenantId) => {
        const everything = await saveCollection(t.db, tenantId, siteId, { slugs: { en: 'everything', sv: 'allt' }, names: { en: 'Everything', sv: 'Allt' }, filter: { all: [] } });
        await saveQueryRule(t.db, tenantId, siteId, { query: 'returns', target: { kind: 'url', url: 'https://m1.shop.example/returns' } });
        await saveQueryRule(t.db, tenantId, siteId, { query: 'everything', target: { kind: 'collection', collectionId: everything } });
        const axis = (await loadTenantFacts(t.db, tenantId)).optionAxes[0];
        await saveFacet(t.db, tenantId, siteId, 'brand', { source: { kind: 'brand' }, type: 'list', searchable: true, help: { en: 'Who makes it' }, position: 1 });
        if (axis === undefined) throw new Error('the seed has no option axis for a swatch facet');
        await saveFacet(t.db, tenantId, siteId, 'look', { source: { kind: 'option', option: axis }, type: 'swatch', searchable: true, position: 2 });
        await saveFacet(t.db, tenantId, siteId, 'category', { source: { kind: 'category', rootId: null }, type: 'hierarchy', collapsed: true, position: 3 });
      },
    });
    // A published site whose first index run has not happened, and one whose only market is inactive.
    const unbuilt = await publishTwoMarketSite(t.db, shop.tenantId, 'unbuilt');
    keys.unbuilt = (await createKey(t.db, shop.tenantId, unbuilt, 'publishable', 'web')).raw;
    await publishConfig(t.db, shop.tenantId, unbuilt, 'key');
    const inactive = await saveSite(t.db, shop.tenantId, { code: 'closed', name: 'Closed shop', ecomSiteId: 1, devOrigins: [] });
    const [list] = await twoPriceLists(t.db, shop.tenantId);
    await saveMarket(t.db, shop.tenantId, inactive, { code: 'x', language: 'en', currency: list!.currency, country: 'IE', urlTemplate: 'https://closed.example/{path}', priceListId: list!.id, isDefault: true });
    keys.inactive = (await createKey(t.db, shop.tenantId, inactive, 'publishable', 'web')).raw;
    await publishConfig(t.db, shop.tenantId, inactive, 'closed');
    // Validation keeps the default market active, so a shop with every market inactive is made in the stored version.
    await t.db.raw(`update storefront_config_versions set config = jsonb_set(config::jsonb, '{markets,0,active}', 'false') where site_id = ?`, [inactive]);
    ({ app } = await createStorefrontTestApp({ db: t.db, redis: r.redis, engine: shop.engine.engine }));
    doc = await storefrontConformance(app);
  }, 120_000);
  afterAll(async () => {
    await shop.engine.cleanup();
    await limits.cleanup();
    await r.cleanup();
    await t.drop();
  });

  it('answers 200 and 304 on every route, for each key kind', async () => {
    for (const path of ROUTES) {
      const first = await get(path);
      expect(first.status).toBe(200);
      expect((await get(path, { 'If-None-Match': first.headers.etag })).status).toBe(304);
      const preview = await get(path, { 'X-Site-Key': shop.keys.preview, 'X-Market': 'm2', 'Accept-Language': 'sv' });
      expect(preview.headers['cache-control']).toBe('private, no-store');
      expect((await get(path, { 'X-Site-Key': shop.keys.secret })).status).toBe(200);
    }
  });

  it('lists with every parameter, redirects, collections, warnings and each facet type', async () => {
    const brand = (await get('/v1/products')).body.facets.find((f: { key: string }) => f.key === 'brand');
    const value = brand.values[0].value as string;
    const listed = await get(`/v1/products?q=a&page=2&pageSize=5&sort=price_desc&collection=everything&filter[brand]=${encodeURIComponent(value)}&filter[price]=-&filter[in-stock]=true&filter[nope]=1&sort=bogus&collection=nowhere`);
    expect(listed.body.appliedFilters).toContainEqual(expect.objectContaining({ facet: 'brand', value }));
    expect(listed.body.warnings.map((w: { code: string }) => w.code)).toEqual(expect.arrayContaining(['FILTER_IGNORED']));
    const types = new Set((await get('/v1/products')).body.facets.map((f: { type: string }) => f.type));
    expect([...types].sort()).toEqual(['hierarchy', 'list', 'range', 'swatch', 'toggle']);
    expect((await get('/v1/products?q=returns')).body.redirect).toMatchObject({ type: 'url', url: 'https://m1.shop.example/returns' });
    expect((await get('/v1/products?q=everything')).body.redirect).toMatchObject({ type: 'collection', collection: { slug: 'everything' } });
    expect((await get('/v1/products?collection=everything')).body.items[0].collections).toContain('everything');
    await get(`/v1/products?q=${'x'.repeat(250)}&filter[price]=90-10&sort=newest`);
    await get('/v1/products?sort=name_asc&filter[category]=a,b\\,c');
    const look = (await get('/v1/products')).body.facets.find((f: { key: string }) => f.key === 'look');
    expect(look.values[0]).toHaveProperty('swatch', null);
    const found = await get(`/v1/products/facets/look?q=${encodeURIComponent(String(look.values[0].label).slice(0, 1))}&filter[brand]=${encodeURIComponent(value)}&filter[nope]=1`);
    expect(found.body.warnings).toContainEqual(expect.objectContaining({ code: 'FILTER_IGNORED', facet: 'nope' }));
  });

  it('answers the pipeline errors on every route', async () => {
    for (const path of ROUTES) {
      expect((await doc.get(path)).body.code).toBe('SITE_KEY_MISSING');
      expect((await get(path, { 'X-Site-Key': 'sfk_pub_unknown' })).body.code).toBe('SITE_KEY_INVALID');
      expect((await get(path, { 'X-Site-Key': shop.keys.secret, 'Sec-Fetch-Site': 'cross-site' })).body.code).toBe('SECRET_KEY_FROM_BROWSER');
      const market = await get(path, { 'X-Market': 'mars' });
      expect(market.body).toMatchObject({ code: 'MARKET_UNKNOWN', validMarkets: ['m1', 'm2'] });
      expect((await get(path, { 'X-Site-Key': keys.inactive })).body.code).toBe('SITE_INACTIVE');
    }
  });

  it("answers each route's own 400 and 404 codes", async () => {
    for (const path of ['/v1/products?page=0', '/v1/products?pageSize=500', '/v1/products?page=200&pageSize=100']) expect((await get(path)).body.code).toBe('INVALID_PAGE');
    expect((await get('/v1/products?filter[a][b]=1')).body.code).toBe('INVALID_FILTER');
    expect((await get('/v1/products/facets/brand?q=a&filter[a][b]=1')).body.code).toBe('INVALID_FILTER');
    for (const path of ['/v1/search/suggest', '/v1/search/suggest?q=%20', `/v1/search/suggest?q=${'a'.repeat(101)}`, '/v1/products/facets/brand']) expect((await get(path)).body.code).toBe('INVALID_QUERY');
    expect((await get('/v1/products/facets/price?q=1')).body.code).toBe('FACET_NOT_SEARCHABLE');
    expect((await get('/v1/products/facets/in-stock?q=1')).body.code).toBe('FACET_NOT_SEARCHABLE');
    expect((await get('/v1/products/facets/nope?q=a')).body.code).toBe('FACET_NOT_FOUND');
    const unknown = await get('/v1/nothing');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ type: `${ERRORS_DOC_URL}/NOT_FOUND`, title: 'NOT_FOUND', status: 404, detail: expect.any(String), code: 'NOT_FOUND' });
  });

  it('answers 503 while warming up and before the first build, and 500 on a fault', async () => {
    for (const path of INDEX_ROUTES) {
      const unbuilt = await get(path, { 'X-Site-Key': keys.unbuilt });
      expect(unbuilt.body.code).toBe('INDEX_UNAVAILABLE');
    }
    const warming = await storefrontConformance(appWith(new ConfigRegistry(t.db), shop.engine.engine));
    for (const path of ROUTES) expect((await warming.get(path, { 'X-Site-Key': shop.keys.publishable })).body.code).toBe('SITE_REGISTRY_WARMING');
    for (const s of warming.seen) doc.seen.add(s);
    const registry = new ConfigRegistry(t.db);
    await registry.refresh();
    const faulty = await storefrontConformance(appWith(registry, failingSearch(shop.engine.engine)));
    const fault = await faulty.get('/v1/products', { 'X-Site-Key': shop.keys.publishable });
    expect(fault.body).toMatchObject({ code: 'INTERNAL_ERROR', detail: 'Something went wrong on our side.' });
    expect(JSON.stringify(fault.body)).not.toContain('engine fault');
    for (const s of faulty.seen) doc.seen.add(s);
  });

  it('answers 429 on every route once the per-IP budget is spent', async () => {
    const registry = new ConfigRegistry(t.db);
    await registry.refresh();
    const limitedApp = appWith(registry, shop.engine.engine, limits.redis);
    const limited = await storefrontConformance(limitedApp);
    for (let i = 0; i < 60; i++) await request(limitedApp).get('/v1/site');
    for (const path of ROUTES) {
      const res = await limited.get(path, { 'X-Site-Key': 'sfk_pub_unknown' });
      expect(res.body).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
      expect(Number(res.headers['retry-after'])).toBe(res.body.retryAfterSeconds);
    }
    for (const s of limited.seen) doc.seen.add(s);
  });

  afterAll(() => {
    // Every documented response was produced above, except a 500 on routes that never reach the engine.
    // The cart routes are not GET reads: cart.int.test.ts produces and checks their documented answers.
    const missing = doc.documented().filter((response) => !doc.seen.has(response) && !response.startsWith('/v1/cart'));
    expect(missing.sort()).toEqual(['/v1/products/facets/{key} 500', '/v1/search/suggest 500', '/v1/site 500']);
  });
});
