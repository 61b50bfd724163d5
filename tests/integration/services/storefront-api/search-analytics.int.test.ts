import request from 'supertest';
import { Registry } from 'prom-client';
import type { RequestListener } from 'node:http';
import { createLogger } from '../../../../shared/logger';
import { DEFAULT_ANALYTICS, SearchAnalytics } from '../../../../shared/search-analytics/search-analytics';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';
import { indexedShop, type IndexedShop } from '../../../support/storefront-fixture';
import { createStorefrontTestApp } from '../../../support/storefront-api';

// Searches made through the storefront API, computed and answered from the read cache (the fast lane included),
// land in the daily roll-ups after a flush.
describe('search analytics through the storefront API', () => {
  let t: TestDb;
  let r: TestRedis;
  let shop: IndexedShop;
  let app: RequestListener;
  let analytics: SearchAnalytics;
  const get = (path: string, key = shop.keys.publishable) => request(app).get(path).set('X-Site-Key', key);
  const rows = (kind: string) =>
    t
      .db('storefront_search_queries')
      .where({ site_id: shop.siteId, kind })
      .orderBy('query')
      .select('market', 'language', 'query', 'count', 'no_hits', 'corrected', 'last_total');

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    shop = await indexedShop(t.db, { tenant: 'analytics', products: 120, seed: 31 });
    analytics = new SearchAnalytics(
      { db: t.db, logger: createLogger({ name: 'test', level: 'silent' }), metrics: new Registry() },
      { ...DEFAULT_ANALYTICS, flushEveryMs: 60_000 },
    );
    ({ app } = await createStorefrontTestApp({
      db: t.db,
      redis: r.redis,
      engine: shop.engine.engine,
      microCacheMs: 60_000,
      recordSearch: analytics.record,
    }));
  }, 90_000);
  afterAll(async () => {
    await analytics.close();
    await shop.engine.cleanup();
    await r.cleanup();
    await t.drop();
  });

  it('counts every listing, computed or cached, with its normalised query and total', async () => {
    const first = await get('/v1/products?q=Jacka');
    expect(first.status).toBe(200);
    const total = first.body.total as number;
    const corrected = first.body.queryCorrection === null ? '0' : '5';
    const etags: string[] = [];
    for (const q of ['jacka', 'JACKA', '  jacka '])
      etags.push((await get(`/v1/products?q=${encodeURIComponent(q)}`)).headers.etag);
    // A revalidation answered 304 is still a search the shopper made.
    expect((await get('/v1/products?q=jacka').set('If-None-Match', etags[0] ?? '')).status).toBe(304);
    await get('/v1/products?q=zzqqxxyy');
    await get('/v1/products?q=zzqqxxyy');
    await get('/v1/products');
    await get('/v1/products', shop.keys.publishable).set('X-Market', 'm2');
    await analytics.flush();
    expect(await rows('listing')).toEqual(
      [
        {
          market: 'm1',
          language: 'en',
          query: '',
          count: '1',
          no_hits: '0',
          corrected: '0',
          last_total: expect.any(Number),
        },
        {
          market: 'm2',
          language: 'sv',
          query: '',
          count: '1',
          no_hits: '0',
          corrected: '0',
          last_total: expect.any(Number),
        },
        {
          market: 'm1',
          language: 'en',
          query: 'jacka',
          count: '5',
          no_hits: total === 0 ? '5' : '0',
          corrected,
          last_total: total,
        },
        { market: 'm1', language: 'en', query: 'zzqqxxyy', count: '2', no_hits: '2', corrected: '0', last_total: 0 },
      ].sort((a, b) => (a.query < b.query ? -1 : a.query > b.query ? 1 : a.market < b.market ? -1 : 1)),
    );
    const [volume] = await t
      .db('storefront_search_volumes')
      .where({ site_id: shop.siteId, kind: 'listing', market: 'm1' })
      .select('requests', 'no_hits');
    expect(volume.requests).toBe('8');
  });

  it('counts suggests and searches in a facet, and the filters a listing used', async () => {
    const brand = (await get('/v1/products')).body.facets.find((f: { key: string }) => f.key === 'brand').values[0]
      .value as string;
    await get(`/v1/products?filter[brand]=${encodeURIComponent(brand)}`);
    await get('/v1/search/suggest?q=ja');
    await get('/v1/search/suggest?q=JA');
    await get('/v1/products/facets/brand?q=a');
    await analytics.flush();
    expect((await rows('suggest')).map((q) => [q.query, q.count])).toEqual([['ja', '2']]);
    expect((await rows('facet-values')).map((q) => [q.query, q.count])).toEqual([['brand: a', '1']]);
    const filters = await t.db('storefront_search_filters').where({ site_id: shop.siteId }).select('filter', 'count');
    expect(filters).toEqual([{ filter: `brand=${brand}`, count: '1' }]);
  });

  it('records nothing for a preview key, nor anything that identifies a shopper', async () => {
    await get('/v1/products?q=previewonly', shop.keys.preview);
    await analytics.flush();
    expect(await t.db('storefront_search_queries').where({ query: 'previewonly' }).first()).toBeUndefined();
    const stored = JSON.stringify(
      await Promise.all(
        ['storefront_search_volumes', 'storefront_search_queries', 'storefront_search_filters'].map((table) =>
          t.db(table).select(),
        ),
      ),
    );
    for (const secret of [shop.keys.publishable, shop.keys.preview, shop.keys.secret, '127.0.0.1', '::ffff'])
      expect(stored).not.toContain(secret);
    const columns = await t
      .db('information_schema.columns')
      .whereIn('table_name', ['storefront_search_volumes', 'storefront_search_queries', 'storefront_search_filters'])
      .pluck('column_name');
    expect(columns.filter((c: string) => /ip|key|token|cart|user|agent|session/.test(c))).toEqual([]);
  });
});
