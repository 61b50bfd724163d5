import type { RequestListener } from 'node:http';
import request from 'supertest';
import { siteIndexNames } from '../../../../indexer/runs/index-names';
import { runIndexJob } from '../../../../indexer/runs/run-job';
import type { SearchResponse } from '../../../../shared/search';
import { createStorefrontTestApp } from '../../../support/storefront-api';
import { indexedShop, runDeps, type IndexedShop } from '../../../support/storefront-fixture';
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

  it('keeps listing items for other listings of the same cards, and shows a changed product in its new card', async () => {
    type Item = { id: string; price: { amount: string } };
    const items = async (path: string) => (await get(path).expect(200)).body.items as Item[];
    const engine = shop.engine.engine;
    const first = await items('/v1/products?pageSize=2&sort=price_desc');
    const searches = jest.spyOn(engine, 'search');
    const longer = await items('/v1/products?pageSize=3&sort=price_desc');
    expect(longer.slice(0, 2)).toEqual(first);
    // The engine neither read nor decoded the cards of the items kept.
    const answer = (await searches.mock.results[0]?.value) as SearchResponse;
    expect(answer.hits.map((h) => h.card === null)).toEqual([true, true, false]);

    const product = first[0] as Item;
    await t.db.raw(
      'update prices set amount = amount + 1.25 where tenant_id = ? and product_id in ' +
        '(select id from products where tenant_id = ? and (id = ? or parent_id = ?))',
      [shop.tenantId, shop.tenantId, Number(product.id), Number(product.id)],
    );
    const delta = await runIndexJob(
      runDeps(t.db, engine),
      { type: 'delta', siteId: shop.siteId },
      { jobId: null, attempt: 1 },
    );
    expect(delta).toBe('ok');
    const changed = (await items('/v1/products?pageSize=4&sort=price_desc')).find((i) => i.id === product.id);
    expect(Number(changed?.price.amount)).toBeCloseTo(Number(product.price.amount) + 1.25, 2);
  });
});
