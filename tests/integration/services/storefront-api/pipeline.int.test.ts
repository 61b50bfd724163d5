import request from 'supertest';
import type { RequestListener } from 'node:http';
import { createRedis } from '../../../../shared/redis';
import { saveCollection, saveMarket, saveQueryRule, saveSite } from '../../../../shared/storefront-config/drafts';
import { createKey, hashKey } from '../../../../shared/storefront-config/keys';
import { publishConfig } from '../../../../shared/storefront-config/publish';
import { createRateLimits, RATE_LIMITS } from '../../../../services/storefront-api/rate-limit/rate-limits';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';
import {
  indexedShop,
  publishTwoMarketSite,
  twoPriceLists,
  type IndexedShop,
} from '../../../support/storefront-fixture';
import { storefrontConformance, type StorefrontConformance } from '../../../support/storefront-openapi';
import { createStorefrontTestApp } from '../../../support/storefront-api';

const WINDOW = 5;

describe('the storefront request pipeline', () => {
  let t: TestDb;
  let r: TestRedis;
  let shop: IndexedShop;
  let app: RequestListener;
  let brand: string;
  let doc: StorefrontConformance;
  // Every answer is checked against the served OpenAPI document as well.
  const get = (path: string, headers: Record<string, string> = {}) =>
    doc.get(path, { 'X-Site-Key': shop.keys.publishable, ...headers });

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    shop = await indexedShop(t.db, {
      tenant: 'pipeline',
      products: 200,
      seed: 8,
      configure: async (siteId, tenantId) => {
        brand = (await t.db('brands').where({ tenant_id: tenantId }).orderBy('id').first<{ slug: string }>('slug'))
          .slug;
        const id = await saveCollection(t.db, tenantId, siteId, {
          slugs: { en: 'one-brand', sv: 'ett-marke' },
          names: { en: 'One brand', sv: 'Ett märke' },
          filter: { brand: [brand] },
        });
        await saveQueryRule(t.db, tenantId, siteId, {
          query: 'Returns',
          target: { kind: 'url', url: 'https://m1.shop.example/returns' },
        });
        await saveQueryRule(t.db, tenantId, siteId, {
          query: 'that brand',
          target: { kind: 'collection', collectionId: id },
        });
      },
    });
    ({ app } = await createStorefrontTestApp({
      db: t.db,
      redis: r.redis,
      engine: shop.engine.engine,
      windowSeconds: WINDOW,
    }));
    doc = await storefrontConformance(app);
  }, 90_000);
  afterAll(async () => {
    await shop.engine.cleanup();
    await r.cleanup();
    await t.drop();
  });

  describe('CORS', () => {
    it('answers a preflight from a market origin and a dev origin, and not from elsewhere', async () => {
      for (const origin of ['https://m1.shop.example', 'http://localhost:5173']) {
        const res = await request(app).options('/v1/products').set({
          Origin: origin,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'x-site-key',
        });
        expect(res.status).toBe(204);
        expect(res.headers['access-control-allow-origin']).toBe(origin);
        expect(res.headers['access-control-allow-headers']).toContain('X-Site-Key');
      }
      const evil = await request(app)
        .options('/v1/products')
        .set({ Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' });
      expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('gives a real request from an allowed origin the CORS headers, and none to another origin or a secret key', async () => {
      const ok = await get('/v1/products?pageSize=1', { Origin: 'https://m2.shop.example' });
      expect(ok.headers['access-control-allow-origin']).toBe('https://m2.shop.example');
      expect(ok.headers['access-control-expose-headers']).toContain('X-Config-Version');
      expect(
        (await get('/v1/products?pageSize=1', { Origin: 'https://evil.example' })).headers[
          'access-control-allow-origin'
        ],
      ).toBeUndefined();
      const secret = await get('/v1/products', { 'X-Site-Key': shop.keys.secret, Origin: 'https://m1.shop.example' });
      expect(secret.status).toBe(403);
      expect(secret.body.code).toBe('SECRET_KEY_FROM_BROWSER');
      expect(secret.headers['access-control-allow-origin']).toBeUndefined();
      expect(
        (
          await get('/v1/products', {
            'X-Site-Key': shop.keys.secret,
            'Sec-Fetch-Site': 'cross-site',
            'Sec-Fetch-Mode': 'cors',
          })
        ).status,
      ).toBe(403);
      // Node's fetch sends Sec-Fetch-Mode (and Accept-Language: *) on server-to-server calls: not a browser.
      expect(
        (
          await get('/v1/products?pageSize=1', {
            'X-Site-Key': shop.keys.secret,
            'Sec-Fetch-Mode': 'cors',
            'Accept-Language': '*',
          })
        ).status,
      ).toBe(200);
    });

    it('varies a CORS read on Origin, computed and from the read cache alike', async () => {
      // An app whose read cache keeps answers (this file's app has none): the second and third reads cost no search.
      const { app: cached } = await createStorefrontTestApp({
        db: t.db,
        redis: r.redis,
        engine: shop.engine.engine,
        microCacheMs: 60_000,
      });
      const searches = jest.spyOn(shop.engine.engine, 'search');
      try {
        const read = (origin?: string) =>
          request(cached)
            .get('/v1/products?pageSize=2')
            .set({ 'X-Site-Key': shop.keys.publishable, ...(origin && { Origin: origin }) });
        let computed = 0;
        for (let i = 0; i < 3; i++) {
          const res = await read('https://m2.shop.example');
          expect([res.status, res.headers['access-control-allow-origin'], res.headers.vary]).toEqual([
            200,
            'https://m2.shop.example',
            'X-Site-Key, X-Market, Accept-Language, Origin',
          ]);
          if (i === 0) computed = searches.mock.calls.length;
        }
        expect(computed).toBeGreaterThan(0);
        const plain = await read();
        expect([plain.headers.vary, plain.headers['access-control-allow-origin']]).toEqual([
          'X-Site-Key, X-Market, Accept-Language',
          undefined,
        ]);
        expect(searches).toHaveBeenCalledTimes(computed);
      } finally {
        searches.mockRestore();
      }
    });

    it('names no origin on an answer that fails before the key is known (no key, an unknown or revoked one)', async () => {
      for (const key of [undefined, 'sfk_pub_unknown', `${shop.keys.publishable}x`]) {
        const res = await request(app)
          .get('/v1/products')
          .set({ Origin: 'https://m1.shop.example', ...(key && { 'X-Site-Key': key }) });
        expect([res.status, res.headers['access-control-allow-origin']]).toEqual([401, undefined]);
      }
    });
  });

  it('negotiates the language against the site languages, else the market language', async () => {
    expect((await get('/v1/site', { 'Accept-Language': 'sv-SE, sv;q=0.9' })).body.language).toBe('sv');
    expect((await get('/v1/site', { 'Accept-Language': 'fr-FR' })).body.language).toBe('en');
    expect((await get('/v1/site', { 'X-Market': 'm2' })).body.language).toBe('sv');
  });

  it('scopes a listing to a collection by slug, warns on an unknown one, and shows collections on cards', async () => {
    const all = await get('/v1/products?pageSize=1');
    const scoped = await get('/v1/products?collection=one-brand');
    expect(scoped.body.total).toBeGreaterThan(0);
    expect(scoped.body.total).toBeLessThan(all.body.total);
    expect(
      scoped.body.items.every((c: { brand: { slug: string }; collections: string[] }) =>
        c.collections.includes('one-brand'),
      ),
    ).toBe(true);
    expect((await get('/v1/products?collection=ett-marke', { 'X-Market': 'm2' })).body.total).toBeGreaterThan(0);
    const unknown = await get('/v1/products?collection=nope');
    expect(unknown.body.warnings).toContainEqual(expect.objectContaining({ code: 'COLLECTION_UNKNOWN' }));
    expect(unknown.body.total).toBe(all.body.total);
  });

  it('answers a published query rule with its redirect', async () => {
    expect((await get('/v1/products?q=returns')).body.redirect).toEqual({
      type: 'url',
      url: 'https://m1.shop.example/returns',
      collection: null,
    });
    expect((await get('/v1/products?q=That%20Brand')).body.redirect).toMatchObject({
      type: 'collection',
      url: 'https://m1.shop.example/k/one-brand',
      collection: { slug: 'one-brand' },
    });
    expect((await get('/v1/products?q=shoes')).body.redirect).toBeNull();
  });

  it('gives preview keys private, no-store answers from the preview index', async () => {
    const res = await get('/v1/products?pageSize=1', { 'X-Site-Key': shop.keys.preview });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.total).toBeGreaterThan(0);
  });

  describe('availability', () => {
    it('answers SITE_REGISTRY_WARMING until the configs are loaded', async () => {
      const { app: cold, registry } = await createStorefrontTestApp({
        db: t.db,
        redis: r.redis,
        engine: shop.engine.engine,
        loaded: false,
      });
      const res = await request(cold).get('/v1/products').set('X-Site-Key', shop.keys.publishable);
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('SITE_REGISTRY_WARMING');
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      await registry.refresh();
      expect((await request(cold).get('/v1/site').set('X-Site-Key', shop.keys.publishable)).status).toBe(200);
    });

    it('answers INDEX_UNAVAILABLE for a published site whose first index is not built, and SITE_INACTIVE for a switched-off one', async () => {
      const siteId = await saveSite(t.db, shop.tenantId, { code: 'second', name: 'Second', ecomSiteId: 2 });
      const [list] = await twoPriceLists(t.db, shop.tenantId);
      await saveMarket(t.db, shop.tenantId, siteId, {
        code: 'x',
        language: 'en',
        currency: list!.currency,
        country: 'IE',
        urlTemplate: 'https://second.example/{path}',
        priceListId: list!.id,
        isDefault: true,
      });
      const { raw } = await createKey(t.db, shop.tenantId, siteId, 'publishable', 'web');
      await publishConfig(t.db, shop.tenantId, siteId, 'no index yet');
      const { app: fresh } = await createStorefrontTestApp({ db: t.db, redis: r.redis, engine: shop.engine.engine });
      const res = await request(fresh).get('/v1/products').set('X-Site-Key', raw);
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('INDEX_UNAVAILABLE');
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      await saveSite(t.db, shop.tenantId, { siteId, code: 'second', name: 'Second', ecomSiteId: 2, active: false });
      await publishConfig(t.db, shop.tenantId, siteId, 'switched off');
      const { app: later } = await createStorefrontTestApp({ db: t.db, redis: r.redis, engine: shop.engine.engine });
      const off = await request(later).get('/v1/site').set('X-Site-Key', raw);
      expect(off.status).toBe(404);
      expect(off.body.code).toBe('SITE_INACTIVE');
    });

    it('keeps a fresh key inert until a publish contains it', async () => {
      const { raw } = await createKey(t.db, shop.tenantId, shop.siteId, 'publishable', 'late');
      expect((await get('/v1/site', { 'X-Site-Key': raw })).body.code).toBe('SITE_KEY_INVALID');
    });

    it('keeps a key inert in a process that does not yet hold the version that contains it', async () => {
      const third = await publishTwoMarketSite(t.db, shop.tenantId, 'third');
      const { app: lagging, registry } = await createStorefrontTestApp({
        db: t.db,
        redis: r.redis,
        engine: shop.engine.engine,
      });
      const { raw } = await createKey(t.db, shop.tenantId, third, 'secret', 'newer');
      const { version } = await publishConfig(t.db, shop.tenantId, third, 'the key');
      const ask = () => request(lagging).get('/v1/site').set('X-Site-Key', raw);
      for (let i = 0; i < 2; i++)
        expect([(await ask()).status, (await ask()).body.code]).toEqual([401, 'SITE_KEY_INVALID']);
      await registry.refresh();
      const live = await ask();
      expect([live.status, live.headers['x-config-version']]).toEqual([200, String(version)]);
    });
  });
  describe('rate limits (window shortened to 5 s)', () => {
    // Counters of their own (a fresh Redis prefix), so no other test's requests count against these budgets, in
    // whatever order the tests run; and the shop's own keys, found by their hash (other tests add keys to the shop).
    let limited: TestRedis;
    let rl: RequestListener;
    const keyIds = { publishable: 0, secret: 0 };
    const idOf = async (raw: string) =>
      (
        await t
          .db('storefront_keys')
          .where({ key_hash: hashKey(raw) })
          .first<{ id: number }>('id')
      ).id;
    beforeAll(async () => {
      limited = createTestRedis();
      ({ app: rl } = await createStorefrontTestApp({
        db: t.db,
        redis: limited.redis,
        engine: shop.engine.engine,
        windowSeconds: WINDOW,
      }));
      keyIds.publishable = await idOf(shop.keys.publishable);
      keyIds.secret = await idOf(shop.keys.secret);
    });
    afterAll(() => limited.cleanup());
    const getRl = (path: string, headers: Record<string, string> = {}) =>
      request(rl)
        .get(path)
        .set({ 'X-Site-Key': shop.keys.publishable, ...headers });

    it('allows 60 calls without a valid key per address, then 429 with Retry-After and retryAfterSeconds', async () => {
      const answers = [];
      for (let i = 0; i < RATE_LIMITS.anonymous + 1; i++)
        answers.push((await request(rl).get('/v1/products').set('X-Site-Key', 'sfk_pub_bad')).status);
      expect(answers.filter((s) => s === 401)).toHaveLength(RATE_LIMITS.anonymous);
      const over = await request(rl).get('/v1/products');
      expect(over.status).toBe(429);
      expect(over.body.code).toBe('RATE_LIMITED');
      expect(over.body.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(over.headers['retry-after']).toBe(String(over.body.retryAfterSeconds));
      await new Promise((res) => setTimeout(res, WINDOW * 1000 + 200));
      expect((await request(rl).get('/v1/products')).status).toBe(401);
    }, 30_000);

    it('allows 600 calls per publishable key and 6000 per secret key in a window', async () => {
      const limits = createRateLimits(limited.redis, WINDOW);
      for (let i = 0; i < RATE_LIMITS.key - 1; i++) await limits.key('publishable', keyIds.publishable);
      expect((await getRl('/v1/products?pageSize=1')).status).toBe(200);
      const over = await getRl('/v1/products?pageSize=1');
      expect(over.status).toBe(429);
      expect(over.headers['retry-after']).toMatch(/^\d+$/);
      for (let i = 0; i < RATE_LIMITS.secret - 1; i++) await limits.key('secret', keyIds.secret);
      expect((await getRl('/v1/products?pageSize=1', { 'X-Site-Key': shop.keys.secret })).status).toBe(200);
      expect((await getRl('/v1/products?pageSize=1', { 'X-Site-Key': shop.keys.secret })).status).toBe(429);
    }, 30_000);

    it('keeps answering reads while Redis is unreachable (the in-memory limiter takes over)', async () => {
      const dead = createRedis('redis://127.0.0.1:1', {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      const { app: offline } = await createStorefrontTestApp({
        db: t.db,
        redis: r.redis,
        limiterRedis: dead,
        engine: shop.engine.engine,
      });
      const started = Date.now();
      const res = await request(offline).get('/v1/products?pageSize=1').set('X-Site-Key', shop.keys.publishable);
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1000);
      dead.disconnect();
    });
  });
});
