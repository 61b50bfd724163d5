import request from 'supertest';
import type { RequestListener } from 'node:http';
import { saveCollection, saveMarket } from '../../shared/storefront-config/drafts';
import type { KeyKind } from '../../shared/storefront-config/keys';
import { createRateLimits, RATE_LIMITS } from '../../services/storefront-api/rate-limit/rate-limits';
import { createStorefrontTestApp } from '../support/storefront-api';
import { indexedShop, twoPriceLists, type IndexedShop } from '../support/storefront-fixture';
import { storefrontConformance, type StorefrontConformance } from '../support/storefront-openapi';
import { createTestDb, type TestDb } from '../support/test-db';
import { createTestRedis, type TestRedis } from '../support/test-redis';

// Proves (spec "Authentication" key kinds, "Limits", "Caching"): a publishable key never reaches what only the
// other kinds may.
// - The unpublished draft (a collection and a market saved but not published) is read by the preview key only;
//   publishable and secret keys answer from the published configuration.
// - Preview answers are `private, no-store`; a publishable key's are publicly cacheable (and never the draft).
// - The secret key's higher budget is its own: after 600 requests in the window the publishable and preview keys
//   are refused with 429, while the secret key, after as many, still answers.
// (A secret key used from a browser is refused: storefront-authorization.int.test.ts.)

describe('what only the preview and secret keys reach', () => {
  let t: TestDb;
  let r: TestRedis;
  let shop: IndexedShop;
  let app: RequestListener;
  let doc: StorefrontConformance;
  const get = (path: string, key: string, headers: Record<string, string> = {}) =>
    doc.get(path, { 'X-Site-Key': key, ...headers });

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    shop = await indexedShop(t.db, { tenant: 'key-privileges', products: 40, seed: 91 });
    ({ app } = await createStorefrontTestApp({ db: t.db, redis: r.redis, engine: shop.engine.engine }));
    doc = await storefrontConformance(app);
    // Saved, never published: only the draft has them.
    await saveCollection(t.db, shop.tenantId, shop.siteId, {
      slugs: { en: 'draft-only', sv: 'bara-utkast' },
      names: { en: 'Draft only', sv: 'Bara utkast' },
      filter: { all: [] },
    });
    const [list] = await twoPriceLists(t.db, shop.tenantId);
    await saveMarket(t.db, shop.tenantId, shop.siteId, {
      code: 'm3',
      language: 'en',
      currency: list?.currency,
      country: 'DK',
      urlTemplate: 'https://m3.shop.example/{path}',
      priceListId: list?.id,
      isDefault: false,
    });
  }, 120_000);
  afterAll(async () => {
    await shop?.engine.cleanup();
    await r?.cleanup();
    await t?.drop();
  });

  it('shows the draft collection to the preview key only', async () => {
    expect((await get('/v1/collections/draft-only', shop.keys.preview)).status).toBe(200);
    for (const key of [shop.keys.publishable, shop.keys.secret]) {
      const res = await get('/v1/collections/draft-only', key);
      expect([res.status, res.body.code]).toEqual([404, 'COLLECTION_NOT_FOUND']);
      expect(JSON.stringify((await get('/v1/collections', key)).body)).not.toContain('draft-only');
    }
  });

  it('serves the draft market to the preview key only', async () => {
    expect((await get('/v1/site', shop.keys.preview, { 'X-Market': 'm3' })).status).toBe(200);
    for (const key of [shop.keys.publishable, shop.keys.secret]) {
      const res = await get('/v1/site', key, { 'X-Market': 'm3' });
      expect([res.status, res.body.code, res.body.validMarkets]).toEqual([400, 'MARKET_UNKNOWN', ['m1', 'm2']]);
    }
  });

  it('marks preview answers private, and publishable ones public', async () => {
    expect((await get('/v1/products?pageSize=1', shop.keys.preview)).headers['cache-control']).toBe(
      'private, no-store',
    );
    expect((await get('/v1/products?pageSize=1', shop.keys.publishable)).headers['cache-control']).toMatch(/^public,/);
  });

  it("keeps answering the secret key where the publishable and preview keys' budget of 600 is spent", async () => {
    const limits = createTestRedis();
    try {
      const { app: limited } = await createStorefrontTestApp({
        db: t.db,
        redis: r.redis,
        limiterRedis: limits.redis,
        engine: shop.engine.engine,
      });
      const spend = createRateLimits(limits.redis, 60);
      const ids = Object.fromEntries(
        (await t.db('storefront_keys').where({ site_id: shop.siteId }).select('id', 'kind')).map(
          (k: { id: number; kind: KeyKind }) => [k.kind, k.id],
        ),
      );
      // Spent straight in the shared store, as many other requests of these keys in this window would have.
      for (const kind of ['publishable', 'preview', 'secret'] as const)
        for (let i = 0; i < RATE_LIMITS.key; i++) await spend.key(kind, ids[kind]);
      for (const key of [shop.keys.publishable, shop.keys.preview]) {
        const refused = await request(limited).get('/v1/site').set('X-Site-Key', key);
        expect([refused.status, refused.body.code]).toEqual([429, 'RATE_LIMITED']);
      }
      expect((await request(limited).get('/v1/site').set('X-Site-Key', shop.keys.secret)).status).toBe(200);
    } finally {
      await limits.cleanup();
    }
  });
});
