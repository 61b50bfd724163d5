import request from 'supertest';
import type { RequestListener } from 'node:http';
import { siteIndexNames } from '../../../../../indexer/runs/index-names';
import type { EmbeddedSearchEngine } from '../../../../../shared/search/embedded/lifecycle/embedded-engine';
import { saveCollection } from '../../../../../shared/storefront-config/drafts';
import { publishConfig } from '../../../../../shared/storefront-config/publish';
import { ChangeFollower } from '../../../../../services/storefront-api/freshness/change-follower';
import { IndexedSources } from '../../../../../services/storefront-api/products/indexed-sources';
import { addDetailProducts, linkProducts } from '../../../../support/detail-products';
import { queriesWhile } from '../../../../support/queries-while';
import { createStorefrontTestApp } from '../../../../support/storefront-api';
import { indexedShop, type IndexedShop } from '../../../../support/storefront-fixture';
import { createTestDb, type TestDb } from '../../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../../support/test-redis';

const BOUND_MS = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The statement that reads held products from the catalogue (its option values among the rest). */
const readsCatalogue = (sql: string) => sql.includes('product_option_values');

type Line = { sku: string; quantity: number; price: unknown; product: unknown; variant: unknown; image: unknown };

// A storefront process takes a product it does not hold from the source the full run kept beside the product's
// document, while the change log has not named the product since that run: the same answer as the catalogue's.
describe('product pages and carts from the product sources the served index keeps', () => {
  let t: TestDb;
  let r: TestRedis;
  let shop: IndexedShop;
  let reader: EmbeddedSearchEngine;
  let sourced: RequestListener;
  let catalogue: RequestListener;
  let refreshRegistry: () => Promise<void>;
  let roots: number[];
  const get = (app: RequestListener, path: string, market = 'm1', key = shop.keys.secret) =>
    request(app).get(path).set({ 'X-Site-Key': key, 'X-Market': market });
  /**
   * The held-product reads from the catalogue while `read` runs, once the app's change log follower is fresh (its
   * newest read started within the bound: before that, nothing is taken from sources or caches).
   */
  const heldRowReads = async (read: () => Promise<unknown>) => {
    await get(sourced, `/v1/products/${roots[0]}`);
    await sleep(100);
    return queriesWhile(t.db, read, readsCatalogue);
  };

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    shop = await indexedShop(t.db, {
      tenant: 'sources',
      products: 30,
      seed: 5,
      // Linked before the full run, so the sources of the linked products are current.
      configure: async (_siteId, tenantId) => {
        const made = await addDetailProducts(t.db, tenantId);
        const seeded = (
          await t.db('products').where({ tenant_id: tenantId, parent_id: null }).orderBy('id').limit(3).select('id')
        ).map((p: { id: number }) => p.id);
        await linkProducts(t.db, tenantId, made.cascade, { similar: [...seeded, made.unsold] }, made.bundle, [
          [seeded[0] as number, '2'],
          [made.unsold, '1'],
        ]);
      },
    });
    reader = shop.engine.reopen();
    expect(await reader.syncAliases()).toEqual([]);
    let registry: { refresh(): Promise<void> };
    ({ app: sourced, registry } = await createStorefrontTestApp({
      db: t.db,
      redis: r.redis,
      engine: reader,
      productFreshnessMs: BOUND_MS,
    }));
    refreshRegistry = () => registry.refresh();
    ({ app: catalogue } = await createStorefrontTestApp({ db: t.db, redis: r.redis, engine: reader }));
    roots = (
      await t.db('products').where({ tenant_id: shop.tenantId, parent_id: null }).orderBy('id').select('id')
    ).map((p: { id: number }) => p.id);
  }, 180_000);
  afterAll(async () => {
    await reader.close();
    await shop.engine.cleanup();
    await r.cleanup();
    await t.drop();
  });

  it('answers every product page on both markets as the catalogue does, without reading held products from it', async () => {
    const pages = (app: RequestListener) => async () => {
      const out: unknown[] = [];
      for (const market of ['m1', 'm2'])
        for (const id of roots) {
          const res = await get(app, `/v1/products/${id}`, market);
          out.push([id, market, res.status, res.body]);
        }
      return out;
    };
    let fromSources: unknown[] = [];
    let fromCatalogue: unknown[] = [];
    expect(await heldRowReads(async () => (fromSources = await pages(sourced)()))).toEqual([]);
    expect((await heldRowReads(async () => (fromCatalogue = await pages(catalogue)()))).length).toBeGreaterThan(0);
    expect(fromSources).toEqual(fromCatalogue);
    // Sold products with variants, related and bundle cards, and products a market does not sell are among them.
    const answered = fromSources as [number, string, number, { variantCount?: number; related?: unknown[] }][];
    expect(answered.filter(([, , status]) => status === 404).length).toBeGreaterThan(0);
    expect(answered.some(([, , , body]) => (body.variantCount ?? 0) > 100)).toBe(true);
    expect(answered.some(([, , , body]) => (body.related?.length ?? 0) > 0)).toBe(true);
  });

  it('prices a cart of unchanged products from the sources as the catalogue does', async () => {
    const skus = (
      await t
        .db('products')
        .where({ tenant_id: shop.tenantId, is_active: true })
        .whereIn('id', t.db('prices').where({ tenant_id: shop.tenantId }).select('product_id'))
        .orderBy('id')
        .limit(12)
        .select('product_number')
    ).map((p: { product_number: string }) => p.product_number);
    const cartOf = async (app: RequestListener) => {
      const token = (await request(app).post('/v1/cart').set('X-Site-Key', shop.keys.secret)).headers[
        'x-cart-token'
      ] as string;
      for (const sku of skus)
        await request(app)
          .post('/v1/cart/lines')
          .set({ 'X-Site-Key': shop.keys.secret, 'X-Cart-Token': token })
          .send({ sku, quantity: 1 });
      const cart = (await request(app).get('/v1/cart').set({ 'X-Site-Key': shop.keys.secret, 'X-Cart-Token': token }))
        .body as { lines: Line[] };
      return cart.lines.map(({ sku, quantity, price, product, variant, image }) => ({
        sku,
        quantity,
        price,
        product,
        variant,
        image,
      }));
    };
    let fromSources: Line[] = [];
    expect(await heldRowReads(async () => (fromSources = await cartOf(sourced)))).toEqual([]);
    expect(fromSources.length).toBeGreaterThan(0);
    expect(fromSources).toEqual(await cartOf(catalogue));
  });

  it('sells a product the index left out once the change log names it: switched on after the run', async () => {
    const off = (
      await t.db('products').where({ tenant_id: shop.tenantId, parent_id: null, is_active: false }).first('id')
    )?.id as number | undefined;
    if (off === undefined) throw new Error('the seed makes some products inactive');
    expect((await get(sourced, `/v1/products/${off}`)).status).toBe(404);
    // The seed switches a product's variants off with it.
    await t
      .db('products')
      .where({ tenant_id: shop.tenantId })
      .andWhere((q) => q.where({ id: off }).orWhere({ parent_id: off }))
      .update({ is_active: true });
    await sleep(BOUND_MS);
    const page = await get(sourced, `/v1/products/${off}`);
    const read = await get(catalogue, `/v1/products/${off}`);
    expect([page.status, page.body]).toEqual([read.status, read.body]);
    expect(page.status).toBe(200);
  });

  it('reads the catalogue for a preview key', async () => {
    const reads = await heldRowReads(() => get(sourced, `/v1/products/${roots[1]}`, 'm1', shop.keys.preview));
    expect(reads.length).toBeGreaterThan(0);
  });

  it('drops the sources of an index whose run the change log has named more products since than the bound', async () => {
    const follower = new ChangeFollower(t.db, { boundMs: BOUND_MS, idleMs: 60_000, onError: () => undefined });
    const scope = { tenantId: shop.tenantId, siteId: shop.siteId };
    const index = reader.servedDocuments(siteIndexNames(shop.siteId, 'shop').alias, [])?.index ?? '';
    const unbounded = new IndexedSources(t.db, follower);
    follower.fresh(shop.tenantId);
    // What earlier tests changed is named already.
    const before = new Set((await unbounded.of(scope, index))?.changed ?? []);
    const bounded = new IndexedSources(t.db, follower, before.size + 2);
    expect((await bounded.of(scope, index))?.changed.size).toBe(before.size);
    // Not the product heldRowReads reads first: read once the follower has been told, it is held by the next read.
    const changed = roots.filter((id) => !before.has(id) && id !== roots[0]).slice(0, 3);
    const unchanged = roots.filter((id) => !before.has(id) && !changed.includes(id)).at(-1);
    await t.db('products').where({ tenant_id: shop.tenantId }).whereIn('id', changed).update({ name: 'Renamed' });
    const named = async () => [...((await unbounded.of(scope, index))?.changed ?? [])].filter((id) => !before.has(id));
    for (let tries = 0; tries < 20 && (await named()).length < 3; tries++) {
      follower.fresh(shop.tenantId);
      await sleep(50);
    }
    expect((await named()).sort()).toEqual([...changed].sort());
    expect(await bounded.of(scope, index)).toBeNull();
    // The app's own follower has been told too: a renamed product is read from the catalogue, the others are not.
    await sleep(BOUND_MS);
    expect((await heldRowReads(() => get(sourced, `/v1/products/${changed[0]}`))).length).toBeGreaterThan(0);
    expect(await heldRowReads(() => get(sourced, `/v1/products/${unchanged}`))).toEqual([]);
  });

  it('keeps reading the sources across a publish that leaves documents alone, not across one that changes them', async () => {
    await publishConfig(t.db, shop.tenantId, shop.siteId, 'a new key, say');
    await refreshRegistry();
    expect(await heldRowReads(() => get(sourced, `/v1/products/${roots[6]}`).expect(200))).toEqual([]);
    // A collection's membership is on every card: documents built now differ.
    await saveCollection(t.db, shop.tenantId, shop.siteId, {
      slugs: { en: 'all', sv: 'allt' },
      names: { en: 'All', sv: 'Allt' },
      filter: { all: [] },
    });
    await publishConfig(t.db, shop.tenantId, shop.siteId, 'a collection');
    await refreshRegistry();
    expect((await heldRowReads(() => get(sourced, `/v1/products/${roots[7]}`).expect(200))).length).toBeGreaterThan(0);
  });
});
