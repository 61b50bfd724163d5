import request from 'supertest';
import type { RequestListener } from 'node:http';
import { createTestDb, type TestDb } from '../../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../../support/test-redis';
import { indexedShop, type IndexedShop } from '../../../../support/storefront-fixture';
import { createStorefrontTestApp } from '../../../../support/storefront-api';
import { sellableSkus, setAvailable, type SellableSku } from '../../../../support/cart-fixture';
import { runIndexJob } from '../../../../../indexer/runs/run-job';
import { runDeps } from '../../../../support/storefront-fixture';
import { queriesWhile } from '../../../../support/queries-while';
import { EmbeddedSearchEngine } from '../../../../../shared/search/embedded/lifecycle/embedded-engine';
import { PgAliasStore } from '../../../../../shared/search/embedded/lifecycle/pg-alias-store';
import { SnapshotStore } from '../../../../../shared/search/embedded/snapshot/snapshot-store';

/** The freshness bound the app runs with here (PRODUCT_FRESHNESS_MS). */
const BOUND_MS = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Variant = { id: string; sku: string; inStock: boolean; price: { amount: string } | null };
type Cart = {
  lines: { id: string; sku: string; quantity: number; price: { amount: string } }[];
  warnings: { code: string; lineId: string }[];
};

/** An engine that serves no product sources (as Elasticsearch): every product not held is read from the catalogue. */
class WithoutSources extends EmbeddedSearchEngine {
  override servedDocuments(): null {
    return null;
  }
}

// Twice, on engines that loaded the index from its snapshot as a storefront process does: one serving no product
// sources, and one serving them (products the log has not named since the full run are taken from them).
describe.each([
  ['read from the catalogue', false],
  ['read from the sources the index keeps', true],
])('product pages and carts follow the change log within the freshness bound (%s)', (_, loaded) => {
  let t: TestDb;
  let r: TestRedis;
  let shop: IndexedShop;
  let app: RequestListener;
  let served: EmbeddedSearchEngine;
  let skus: SellableSku[];
  const get = (path: string, token?: string) => {
    const req = request(app).get(path).set('X-Site-Key', shop.keys.secret);
    return token === undefined ? req : req.set('X-Cart-Token', token);
  };
  const variantOf = async (sku: SellableSku): Promise<Variant | undefined> =>
    ((await get(`/v1/products/${sku.productId}`)).body.variants as Variant[]).find((v) => v.sku === sku.sku);
  const cartWith = async (...lines: SellableSku[]): Promise<string> => {
    const token = (await request(app).post('/v1/cart').set('X-Site-Key', shop.keys.secret)).headers[
      'x-cart-token'
    ] as string;
    for (const line of lines)
      await request(app)
        .post('/v1/cart/lines')
        .set({ 'X-Site-Key': shop.keys.secret, 'X-Cart-Token': token })
        .send({ sku: line.sku, quantity: 1 })
        .expect(200);
    return token;
  };
  /** Catalogue reads (everything but the change log's own) while `read` runs. */
  const catalogueQueries = (read: () => Promise<unknown>): Promise<string[]> =>
    queriesWhile(t.db, read, (sql) => !/product_changes|pg_current_snapshot|^(BEGIN|COMMIT)/i.test(sql));

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    shop = await indexedShop(t.db, { tenant: 'fresh', products: 40, seed: 21 });
    served = loaded
      ? shop.engine.reopen()
      : new WithoutSources({ aliasStore: new PgAliasStore(t.db), snapshots: new SnapshotStore(shop.engine.dir) });
    expect(await served.syncAliases()).toEqual([]);
    ({ app } = await createStorefrontTestApp({
      db: t.db,
      redis: r.redis,
      engine: served,
      productFreshnessMs: BOUND_MS,
    }));
    const found = await sellableSkus(app, shop.keys.secret, 20);
    // Distinct products: a change to one must not be read as a change to another.
    skus = found.filter((s, i) => found.findIndex((o) => o.productId === s.productId) === i);
    expect(skus.length).toBeGreaterThanOrEqual(3);
  }, 180_000);
  afterAll(async () => {
    await served.close();
    await shop.engine.cleanup();
    await r.cleanup();
    await t.drop();
  });

  it('answers a product page and a cart read again within the bound without reading the catalogue', async () => {
    const sku = skus[0]!;
    const token = await cartWith(sku);
    // Held once computed after the process's first read of the log (on a loaded machine that read can finish late).
    const readsNothing = async (read: () => Promise<unknown>) => {
      for (let tries = 0; tries < 20; tries++) {
        await read();
        if ((await catalogueQueries(read)).length === 0) return true;
        await sleep(50);
      }
      return false;
    };
    expect(await readsNothing(() => get(`/v1/products/${sku.productId}`).expect(200))).toBe(true);
    expect(await readsNothing(() => get('/v1/cart', token).expect(200))).toBe(true);
    const metrics = (await request(app).get('/metrics')).text;
    const held = (cache: string) =>
      Number(
        metrics
          .split('\n')
          .find((line) => line.startsWith('storefront_product_cache_bytes{') && line.includes(`cache="${cache}"`))
          ?.split(' ')
          .at(-1),
      );
    expect({ answers: held('answers') > 0, products: held('products') > 0, skus: held('skus') > 0 }).toEqual({
      answers: true,
      products: true,
      skus: true,
    });
  });

  it('shows a price and a stock change on the product page and in the cart within the bound', async () => {
    const [priced, stocked] = skus as [SellableSku, SellableSku];
    const token = await cartWith(priced, stocked);
    const before = await variantOf(priced);
    expect(before?.inStock).toBe(true);
    await get('/v1/cart', token).expect(200);
    await variantOf(stocked);
    await t
      .db('prices')
      .where({ tenant_id: shop.tenantId, product_id: priced.variantId })
      .update({
        amount: t.db.raw('amount + 1.25'),
      });
    await setAvailable(t.db, shop.tenantId, stocked.variantId, 0);
    await sleep(BOUND_MS);
    const after = await variantOf(priced);
    expect(Number(after?.price?.amount)).toBeCloseTo(Number(before?.price?.amount) + 1.25, 2);
    expect((await variantOf(stocked))?.inStock).toBe(false);
    const cart = (await get('/v1/cart', token).expect(200)).body as Cart;
    expect(cart.lines.map((l) => [l.sku, l.price.amount])).toEqual([[priced.sku, after?.price?.amount]]);
    expect(cart.warnings.map((w) => w.code).sort()).toEqual(['PRICE_CHANGED', 'PRODUCT_GONE']);
  });

  it('shows a renamed category on the product page within the bound', async () => {
    const sku = skus[1]!;
    const before = (await get(`/v1/products/${sku.productId}`).expect(200)).body as {
      categories: { id: string; name: string }[];
    };
    const category = before.categories[0];
    expect(category).toBeDefined();
    await t
      .db('categories')
      .where({ tenant_id: shop.tenantId, id: Number(category?.id) })
      .update({ name: 'Renamed for freshness', names: '{}' });
    await sleep(BOUND_MS);
    const nameNow = async () =>
      ((await get(`/v1/products/${sku.productId}`).expect(200)).body as typeof before).categories.find(
        (c) => c.id === category?.id,
      )?.name;
    expect(await nameNow()).toBe('Renamed for freshness');
    // Once the read of the log that told the rename has finished, the page held before it is gone too.
    await sleep(100);
    expect(await nameNow()).toBe('Renamed for freshness');
  });

  it('answers a deleted product 404 on its page and PRODUCT_GONE in the cart within the bound', async () => {
    const gone = skus[2]!;
    const token = await cartWith(gone);
    await get(`/v1/products/${gone.productId}`).expect(200);
    await get('/v1/cart', token).expect(200);
    await t.db.transaction(async (trx) => {
      await trx('products')
        .where({ tenant_id: shop.tenantId, parent_id: Number(gone.productId) })
        .delete();
      await trx('products')
        .where({ tenant_id: shop.tenantId, id: Number(gone.productId) })
        .delete();
    });
    await sleep(BOUND_MS);
    const page = await get(`/v1/products/${gone.productId}`);
    expect([page.status, page.body.code]).toEqual([404, 'PRODUCT_NOT_FOUND']);
    const cart = (await get('/v1/cart', token).expect(200)).body as Cart;
    expect(cart.lines).toEqual([]);
    expect(cart.warnings.map((w) => w.code)).toEqual(['PRODUCT_GONE']);
  });
  it('cards a related product as the listing does: its price changes on the page when the listing serves it', async () => {
    const [page, related] = [skus[3], skus[4]];
    if (page === undefined || related === undefined) throw new Error('the shop needs five sellable products');
    await t.db('product_relations').insert({
      tenant_id: shop.tenantId,
      product_id: Number(page.productId),
      group_key: 'similar',
      position: 0,
      related_product_id: Number(related.productId),
    });
    await sleep(BOUND_MS);
    type Card = { id: string; price: { amount: string } };
    const relatedCard = async () =>
      ((await get(`/v1/products/${page.productId}`).expect(200)).body.related as { products: Card[] }[])[0]
        ?.products[0];
    const listed = async () =>
      ((await get('/v1/products?pageSize=100').expect(200)).body.items as Card[]).find(
        (c) => c.id === related.productId,
      );
    const before = await relatedCard();
    expect(before).toEqual(await listed());
    // Every variant's price, so the card's (the cheapest) changes too.
    await t.db.raw(
      'update prices set amount = amount + 1.25 where tenant_id = ? and product_id in ' +
        '(select id from products where tenant_id = ? and (id = ? or parent_id = ?))',
      [shop.tenantId, shop.tenantId, Number(related.productId), Number(related.productId)],
    );
    await sleep(BOUND_MS);
    // The listing has not indexed the change yet, and the page cards the product as the listing does.
    expect(await relatedCard()).toEqual(await listed());
    const delta = await runIndexJob(
      runDeps(t.db, shop.engine.engine),
      { type: 'delta', siteId: shop.siteId },
      { jobId: null, attempt: 1 },
    );
    expect(delta).toBe('ok');
    expect(await served.syncAliases()).toEqual([]);
    const after = await relatedCard();
    expect(Number(after?.price.amount)).toBeCloseTo(Number(before?.price.amount) + 1.25, 2);
    expect(after).toEqual(await listed());
  }, 60_000);
});
