import type { RequestListener } from 'node:http';
import request from 'supertest';
import { siteIndexNames } from '../../../../indexer/runs/index-names';
import { createStorefrontTestApp } from '../../../support/storefront-api';
import { indexedShop, type IndexedShop } from '../../../support/storefront-fixture';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';

// The answer cache keeps engine reads for as long as the engine serves the same generation of the index, far
// longer than its interval, and a change the engine serves shows on the very next read, with a new ETag.
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
    ({ app } = await createStorefrontTestApp({ db: t.db, redis: r.redis, engine: shop.engine.engine, microCacheMs: 60_000 }));
  }, 90_000);
  afterAll(async () => {
    await shop.engine.cleanup();
    await r.cleanup();
    await t.drop();
  });

  it('answers the same listing from memory until the index changes, then shows the change at once', async () => {
    const first = await get('/v1/products?pageSize=5&sort=name_asc');
    expect(first.status).toBe(200);
    expect((await get('/v1/products?pageSize=5&sort=name_asc')).headers.etag).toBe(first.headers.etag);

    // What a delta run does: write the live index and refresh it.
    const engine = shop.engine.engine;
    const live = (await engine.resolveAlias(siteIndexNames(shop.siteId, 'shop').alias))!;
    await engine.bulk(live, [{ action: 'delete', id: first.body.items[0].id }]);
    await engine.refresh(live);

    const after = await get('/v1/products?pageSize=5&sort=name_asc');
    expect(after.body.total).toBe(first.body.total - 1);
    expect(after.body.items.map((i: { id: string }) => i.id)).not.toContain(first.body.items[0].id);
    expect(after.headers.etag).not.toBe(first.headers.etag);
  });
});
