import type { RequestListener } from 'node:http';
import request from 'supertest';
import { siteIndexNames } from '../../../../indexer/runs/index-names';
import { createStorefrontTestApp } from '../../../support/storefront-api';
import { indexedShop, type IndexedShop } from '../../../support/storefront-fixture';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';

const INTERVAL_MS = 1_000;

// The answer cache keeps engine reads for as long as the engine serves the same generation of the index, far
// longer than its interval, and a change the engine serves shows on the very next read, with a new ETag. An ETag
// is a hash of the body, so equal ETags prove nothing about the cache: the engine's searches are counted instead.
describe('the storefront answer cache', () => {
  let t: TestDb;
  let r: TestRedis;
  let shop: IndexedShop;
  let app: RequestListener;
  const get = (path: string, key = shop.keys.publishable) => request(app).get(path).set('X-Site-Key', key);

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    shop = await indexedShop(t.db, { tenant: 'answers', products: 40, seed: 12 });
    ({ app } = await createStorefrontTestApp({
      db: t.db,
      redis: r.redis,
      engine: shop.engine.engine,
      microCacheMs: INTERVAL_MS,
    }));
  }, 90_000);
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    await shop.engine.cleanup();
    await r.cleanup();
    await t.drop();
  });

  it('answers the same listing from memory past its interval until the index changes, then shows the change at once', async () => {
    const engine = shop.engine.engine;
    const searches = jest.spyOn(engine, 'search');
    const first = await get('/v1/products?pageSize=5&sort=name_asc');
    expect(first.status).toBe(200);
    const computed = searches.mock.calls.length;
    expect(computed).toBeGreaterThan(0);

    // Ten intervals later (the clock moved, not waited for): a read without a serving token would be computed again.
    const realNow = Date.now.bind(Date);
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 10 * INTERVAL_MS);
    const again = await get('/v1/products?pageSize=5&sort=name_asc');
    expect([again.status, again.headers.etag]).toEqual([200, first.headers.etag]);
    expect(searches).toHaveBeenCalledTimes(computed);

    // What a delta run does: write the live index and refresh it.
    const live = (await engine.resolveAlias(siteIndexNames(shop.siteId, 'shop').alias))!;
    await engine.bulk(live, [{ action: 'delete', id: first.body.items[0].id }]);
    await engine.refresh(live);

    const after = await get('/v1/products?pageSize=5&sort=name_asc');
    expect(after.body.total).toBe(first.body.total - 1);
    expect(after.body.items.map((i: { id: string }) => i.id)).not.toContain(first.body.items[0].id);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(searches.mock.calls.length).toBeGreaterThan(computed);
  });
});
