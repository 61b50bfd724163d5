import request from 'supertest';
import type { RequestListener } from 'node:http';
import { createTestDb, type TestDb } from '../../../support/test-db';
import type { Redis } from '../../../../shared/redis';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';
import { indexedShop, type IndexedShop } from '../../../support/storefront-fixture';
import { createStorefrontTestApp } from '../../../support/storefront-api';
import { sellableSkus, type SellableSku } from '../../../support/cart-fixture';
import { CartStore } from '../../../../services/storefront-api/cart/cart-store';

describe('storefront cart under concurrency and expiry', () => {
  let t: TestDb;
  let r: TestRedis;
  // As main.ts connects carts: auto-pipelined, so concurrent changes share socket writes.
  let cartRedis: Redis;
  let shop: IndexedShop;
  let app: RequestListener;
  let skus: SellableSku[];
  const headers = () => ({ 'X-Site-Key': shop.keys.secret });
  const newCart = async (on: RequestListener = app) =>
    (await request(on).post('/v1/cart').set(headers())).headers['x-cart-token'] as string;
  const add = (
    token: string,
    sku: string,
    quantity: number,
    extra: Record<string, string> = {},
    on: RequestListener = app,
  ) =>
    request(on)
      .post('/v1/cart/lines')
      .set({ ...headers(), 'X-Cart-Token': token, ...extra })
      .send({ sku, quantity });

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    shop = await indexedShop(t.db, { tenant: 'cart-races', products: 160, seed: 41 });
    cartRedis = r.redis.duplicate({ enableAutoPipelining: true });
    ({ app } = await createStorefrontTestApp({ db: t.db, redis: r.redis, cartRedis, engine: shop.engine.engine }));
    skus = await sellableSkus(app, shop.keys.secret, 50);
  }, 180_000);
  afterAll(async () => {
    cartRedis.disconnect();
    await shop.engine.cleanup();
    await r.cleanup();
    await t.drop();
  });

  it('50 parallel adds with one Idempotency-Key leave one line, and all 50 answers are identical', async () => {
    const token = await newCart();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => add(token, skus[0]!.sku, 2, { 'Idempotency-Key': 'same-click' })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    const bodies = new Set(answers.map((a) => JSON.stringify(a.body)));
    expect(bodies.size).toBe(1);
    const cart = (
      await request(app)
        .get('/v1/cart')
        .set({ ...headers(), 'X-Cart-Token': token })
    ).body;
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0].quantity).toBe(2);
    expect(cart.version).toBe(2);
    expect(answers[0]!.body).toEqual(cart);
  });

  it('50 parallel adds of different SKUs without If-Match lose no line', async () => {
    const token = await newCart();
    const answers = await Promise.all(skus.slice(0, 50).map((s) => add(token, s.sku, 1)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    // Each write saw its own version: 2..51, each once.
    expect(answers.map((a) => a.body.version as number).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 2),
    );
    const cart = (
      await request(app)
        .get('/v1/cart')
        .set({ ...headers(), 'X-Cart-Token': token })
    ).body;
    expect(cart.lines.map((l: { sku: string }) => l.sku).sort()).toEqual(
      skus
        .slice(0, 50)
        .map((s) => s.sku)
        .sort(),
    );
    expect(new Set(cart.lines.map((l: { id: string }) => l.id)).size).toBe(50);
    expect(cart.version).toBe(51);
  });

  it('expires after the window without a successful mutation; each mutation resets the window, a read does not', async () => {
    // The window is read from the cart key's PTTL and spent with PEXPIRE, instead of waited through.
    const ttlMs = 600_000;
    const nearlySpent = 2_000;
    const { app: windowed } = await createStorefrontTestApp({
      db: t.db,
      redis: r.redis,
      engine: shop.engine.engine,
      cartTtlSeconds: ttlMs / 1000,
    });
    const get = (token: string) =>
      request(windowed)
        .get('/v1/cart')
        .set({ ...headers(), 'X-Cart-Token': token });
    const token = await newCart(windowed);
    const key = new CartStore(r.redis, { ttlSeconds: ttlMs / 1000, idempotencyTtlSeconds: 60 }).keyOf(token);
    const pttl = () => r.redis.pttl(key);
    // A full window is within a minute of the configured one (the test's own latency is far below that).
    const full = ttlMs - 60_000;
    expect(await pttl()).toBeGreaterThan(full);

    await r.redis.pexpire(key, nearlySpent);
    expect((await add(token, skus[1]!.sku, 1, {}, windowed)).status).toBe(200);
    expect(await pttl()).toBeGreaterThan(full);

    await r.redis.pexpire(key, nearlySpent);
    expect((await get(token)).status).toBe(200);
    expect(await pttl()).toBeLessThanOrEqual(nearlySpent);
    // A mutation that fails (a stale If-Match) does not reset it either.
    const stale = await add(token, skus[2]!.sku, 1, { 'If-Match': '"1"' }, windowed);
    expect([stale.status, stale.body.code]).toEqual([409, 'CART_CONFLICT']);
    expect(await pttl()).toBeLessThanOrEqual(nearlySpent);

    // The window runs out (a non-positive PEXPIRE is Redis expiring the key now).
    await r.redis.pexpire(key, 0);
    const lapsed = await get(token);
    expect([lapsed.status, lapsed.body.code]).toEqual([410, 'CART_EXPIRED']);
    for (const res of [
      await add(token, skus[1]!.sku, 1, {}, windowed),
      await request(windowed)
        .patch('/v1/cart/lines/l1')
        .set({ ...headers(), 'X-Cart-Token': token })
        .send({ quantity: 2 }),
      await request(windowed)
        .delete('/v1/cart/lines/l1')
        .set({ ...headers(), 'X-Cart-Token': token }),
      await request(windowed)
        .post('/v1/cart/market')
        .set({ ...headers(), 'X-Cart-Token': token })
        .send({ market: 'm2' }),
    ])
      expect([res.status, res.body.code]).toEqual([410, 'CART_EXPIRED']);
    expect((await request(windowed).post('/v1/cart').set(headers())).status).toBe(201);
  });
});
