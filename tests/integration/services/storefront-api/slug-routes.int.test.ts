import type { RequestListener } from 'node:http';
import request from 'supertest';
import { createLogger } from '../../../../shared/logger';
import { runIndexJob } from '../../../../indexer/runs/run-job';
import { ROUTE_BYTES, SlugRoutes } from '../../../../services/storefront-api/products/slug-routes';
import { createStorefrontTestApp } from '../../../support/storefront-api';
import { indexedShop, runDeps, type IndexedShop } from '../../../support/storefront-fixture';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { queriesWhile } from '../../../support/queries-while';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (at most 10 s) until `found` gives a value, asking every 10 ms. */
async function until<T>(found: () => T | undefined): Promise<T> {
  for (let waited = 0; waited <= 10_000; waited += 10) {
    const value = found();
    if (value !== undefined) return value;
    await sleep(10);
  }
  throw new Error('nothing found in 10 s');
}

describe('slug routes: a product page finds its product without a query', () => {
  let t: TestDb;
  let r: TestRedis;
  let shop: IndexedShop;
  let app: RequestListener;
  let current: { slug: string; id: number; language: string }[];
  const logger = createLogger({ name: 'test', level: 'silent' });
  const scope = () => ({ tenantId: shop.tenantId, siteId: shop.siteId });
  const get = (path: string) => request(app).get(path).set('X-Site-Key', shop.keys.secret);
  /** The statements on storefront_slugs while `read` runs (through knex: the routes' read is one). */
  const slugQueries = (read: () => Promise<unknown>): Promise<string[]> =>
    queriesWhile(t.db, read, (sql) => sql.includes('storefront_slugs'));

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    shop = await indexedShop(t.db, { tenant: 'routes', products: 30, seed: 5 });
    ({ app } = await createStorefrontTestApp({ db: t.db, redis: r.redis, engine: shop.engine.engine }));
    current = (
      await t
        .db('storefront_slugs')
        .where({ site_id: shop.siteId, entity_type: 'product', current: true, language: 'en' })
        .select('slug', 'entity_id', 'language')
    ).map((row: { slug: string; entity_id: string; language: string }) => ({ ...row, id: Number(row.entity_id) }));
    expect(current.length).toBeGreaterThan(10);
  }, 180_000);
  afterAll(async () => {
    await shop.engine.cleanup();
    await r.cleanup();
    await t.drop();
  });

  it('reads a site’s current slugs of a language once, and answers them from then on', async () => {
    const routes = new SlugRoutes(t.db, logger, { maxEntries: 1000, maxAgeMs: 60_000 });
    const [first, second] = current as [(typeof current)[0], (typeof current)[0]];
    expect(routes.product(scope(), 'en', first.slug)).toBeUndefined();
    expect(await until(() => routes.product(scope(), 'en', first.slug))).toBe(first.id);
    expect(await slugQueries(async () => routes.product(scope(), 'en', second.slug))).toEqual([]);
    expect(routes.product(scope(), 'en', second.slug)).toBe(second.id);
    expect(routes.product(scope(), 'en', 'no-such-slug')).toBeUndefined();
    // Another site's (or language's) lookups read their own routes.
    expect(routes.product({ ...scope(), siteId: shop.siteId + 1000 }, 'en', first.slug)).toBeUndefined();
    expect(routes.size()).toEqual({ entries: current.length, bytes: current.length * ROUTE_BYTES });
  });

  it('keeps no routes of a site that would pass its bound, and reads none with a bound of 0', async () => {
    const small = new SlugRoutes(t.db, logger, { maxEntries: current.length - 1, maxAgeMs: 60_000 });
    const slug = current[0]?.slug ?? '';
    small.product(scope(), 'en', slug);
    await sleep(200);
    expect([small.product(scope(), 'en', slug), small.size()]).toEqual([undefined, { entries: 0, bytes: 0 }]);
    const none = new SlugRoutes(t.db, logger, { maxEntries: 0, maxAgeMs: 60_000 });
    expect(await slugQueries(async () => none.product(scope(), 'en', slug))).toEqual([]);
  });

  it('answers pages by their routes, a slug renamed since with a redirect, and a slug minted since from PostgreSQL', async () => {
    const [page, renamed] = [current[2], current[3]];
    if (page === undefined || renamed === undefined) throw new Error('the shop needs four products');
    await get(`/v1/products/${page.slug}`).expect(200);
    await sleep(300);
    // With its routes read, a page by a current slug no longer needs the slug's row (taken away here to show it).
    const row = { site_id: shop.siteId, entity_type: 'product', language: 'en', slug: page.slug };
    const kept = await t.db('storefront_slugs').where(row).first();
    await t.db('storefront_slugs').where(row).delete();
    try {
      expect((await get(`/v1/products/${page.slug}`).expect(200)).body.id).toBe(String(page.id));
    } finally {
      await t.db('storefront_slugs').insert(kept);
    }
    await t
      .db('product_descriptions')
      .where({ tenant_id: shop.tenantId, product_id: renamed.id, language: 'en' })
      .update({ name: 'Renamed Routed Thing' });
    const run = await runIndexJob(
      runDeps(t.db, shop.engine.engine),
      { type: 'full', siteId: shop.siteId },
      { jobId: null, attempt: 1 },
    );
    expect(run).toBe('ok');
    // The routes still name the old slug (read before the rename): it names the same product, now historical.
    const old = await get(`/v1/products/${renamed.slug}`).expect(200);
    expect([old.body.id, old.body.slug, old.body.redirectTo]).toEqual([
      String(renamed.id),
      'renamed-routed-thing',
      'renamed-routed-thing',
    ]);
    const now = await get('/v1/products/renamed-routed-thing').expect(200);
    expect([now.body.id, now.body.redirectTo]).toEqual([String(renamed.id), null]);
  }, 60_000);
});
