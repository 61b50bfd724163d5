// Proves (issue 16, reliability: "Redis down for 30 s"): while the storefront's Redis is stopped for 30 s,
// catalogue reads (listing, search, suggest, product detail) keep answering 200, the rate limiter answers 429 and
// never a 5xx, and cart reads and writes fail within 1 s with 503 problem+json; once Redis is back, carts, the
// Redis-kept rate limits and config announcements work again without a restart. The app runs on a redis-server of
// this file's own, connected as production connects (commands wait for a reconnect; the limiter's connection has
// no offline queue).
import type { RequestListener } from 'node:http';
import request, { type Response } from 'supertest';
import { createRedis, type Redis } from '../../shared/redis';
import { createLogger } from '../../shared/logger';
import { announcePublish, CONFIG_CHANNEL, type ConfigRegistry } from '../../shared/storefront-config/config-registry';
import { publishConfig } from '../../shared/storefront-config/publish';
import { LIMITER_REDIS_OPTIONS } from '../../services/storefront-api/rate-limit/rate-limits';
import { eventually, OUTAGE_MS, throughout, timed } from '../support/outage-clock';
import { startPrivateRedis, type PrivateRedis } from '../support/private-redis';
import { buildStorefrontDocument } from '../../services/storefront-api/openapi/build-document';
import { createResponseValidator, type OpenApiDocument } from '../support/openapi-conformance';
import { createStorefrontTestApp, ERRORS_DOC_URL } from '../support/storefront-api';
import { indexedShop, type IndexedShop } from '../support/storefront-fixture';
import { sellableSkus, type SellableSku } from '../support/cart-fixture';
import { createTestDb, type TestDb } from '../support/test-db';

describe('the storefront with Redis down for 30 s', () => {
  let t: TestDb;
  let privateRedis: PrivateRedis;
  let redis: Redis;
  let limiterRedis: Redis;
  let subscriber: Redis;
  let shop: IndexedShop;
  let app: RequestListener;
  let registry: ConfigRegistry;
  let skus: SellableSku[];

  const get = (path: string, key = shop.keys.publishable) => request(app).get(path).set('X-Site-Key', key);
  const cartCall = (method: 'get' | 'post', path: string, token?: string) => {
    const req = request(app)[method](path).set('X-Site-Key', shop.keys.secret);
    return token === undefined ? req : req.set('X-Cart-Token', token);
  };
  const reads = () => {
    const sku = skus[0]!;
    const word = sku.sku.slice(0, 3);
    return [
      '/v1/site',
      '/v1/products?pageSize=5',
      `/v1/products?q=${encodeURIComponent(word)}`,
      `/v1/search/suggest?q=${encodeURIComponent(word)}`,
      `/v1/products/${sku.productId}`,
    ];
  };

  beforeAll(async () => {
    [t, privateRedis] = await Promise.all([createTestDb(), startPrivateRedis()]);
    shop = await indexedShop(t.db, { tenant: 'redisout', products: 60, seed: 16 });
    // As the storefront process connects (runHttpServiceWith and services/storefront-api/main.ts).
    redis = createRedis(privateRedis.url);
    limiterRedis = createRedis(privateRedis.url, LIMITER_REDIS_OPTIONS);
    subscriber = redis.duplicate();
    ({ app, registry } = await createStorefrontTestApp({
      db: t.db,
      redis,
      limiterRedis,
      engine: shop.engine.engine,
      windowSeconds: 60,
    }));
    // Announcements only (no poll within the test), so a publish after the outage shows the subscription came back.
    await registry.start({ subscriber, logger: createLogger({ name: 'test', level: 'silent' }), pollMs: 3_600_000 });
    skus = await sellableSkus(app, shop.keys.secret, 2);
  }, 120_000);
  afterAll(async () => {
    // Disconnected first, so nothing waits on a server a failed test left stopped or frozen.
    for (const connection of [subscriber, limiterRedis, redis]) connection.disconnect();
    await registry.stop();
    privateRedis.resume();
    await privateRedis.close();
    await shop.engine.cleanup();
    await t.drop();
  });

  const conforms = createResponseValidator(
    JSON.parse(JSON.stringify(buildStorefrontDocument())) as OpenApiDocument,
    '',
  );
  const expectFast503 = ({ value: res, ms }: { value: Response; ms: number }, method: 'get' | 'post', path: string) => {
    const what = `${method} ${path}`;
    expect([what, res.status, res.headers['content-type']]).toEqual([
      what,
      503,
      expect.stringMatching(/^application\/problem\+json/),
    ]);
    expect(res.body).toEqual({
      type: `${ERRORS_DOC_URL}/SERVICE_UNAVAILABLE`,
      title: 'SERVICE_UNAVAILABLE',
      status: 503,
      detail: expect.any(String),
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(conforms(method, path, res.status, res.headers['content-type'], res.body)).toEqual([]);
    expect([res.headers['retry-after'], res.headers['cache-control']]).toEqual([
      expect.stringMatching(/^[1-9][0-9]*$/),
      'no-store',
    ]);
    // The bound: cart calls fail within 1 s, not when Redis comes back.
    expect([what, ms < 1000]).toEqual([what, true]);
  };

  it(
    'keeps catalogue reads up, never 5xx from the limiter, fails carts fast, and recovers without a restart',
    async () => {
      for (const path of reads()) expect([path, (await get(path)).status]).toEqual([path, 200]);
      const token = (await cartCall('post', '/v1/cart')).headers['x-cart-token'] as string;
      expect((await cartCall('post', '/v1/cart/lines', token).send({ sku: skus[0]!.sku, quantity: 1 })).status).toBe(
        200,
      );

      await privateRedis.stop();
      const rounds = await throughout(OUTAGE_MS, 1000, async (round) => {
        for (const path of reads()) expect([round, path, (await get(path)).status]).toEqual([round, path, 200]);
        expectFast503(await timed(() => cartCall('post', '/v1/cart')), 'post', '/v1/cart');
        expectFast503(
          await timed(() => cartCall('post', '/v1/cart/lines', token).send({ sku: skus[1]!.sku, quantity: 1 })),
          'post',
          '/v1/cart/lines',
        );
        expectFast503(await timed(() => cartCall('get', '/v1/cart', token)), 'get', '/v1/cart');
      });
      expect(rounds).toBeGreaterThanOrEqual(10);
      // Still Redis down: callers without a valid key spend the per-address budget (60 a window) held in the
      // process meanwhile, and are refused with 429, never with a 5xx.
      const anonymous = [];
      for (let i = 0; i < 70; i++) anonymous.push(await request(app).get('/v1/site'));
      expect(new Set(anonymous.map((r) => r.status))).toEqual(new Set([401, 429]));
      for (const limited of anonymous.filter((r) => r.status === 429)) {
        expect(limited.body).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) });
        expect(limited.headers['retry-after']).toBe(String(limited.body.retryAfterSeconds));
      }

      await privateRedis.start();
      const created = await eventually(
        () => cartCall('post', '/v1/cart'),
        (res) => res.status === 201,
        10_000,
        (res) => `${res.status} ${res.text}`,
      );
      const fresh = created.headers['x-cart-token'] as string;
      expect(
        (await cartCall('post', '/v1/cart/lines', fresh).send({ sku: skus[1]!.sku, quantity: 2 })).body.lines,
      ).toMatchObject([{ sku: skus[1]!.sku, quantity: 2 }]);
      expect((await cartCall('get', '/v1/cart', fresh)).status).toBe(200);
      const raw = createRedis(privateRedis.url);
      try {
        // The limits are counted in Redis again once the limiter's connection is back (it reconnects on its own).
        const counted = async () => {
          await get('/v1/site');
          return raw.keys('sf-rl-key:*');
        };
        expect(await eventually(counted, (keys) => keys.length > 0, 10_000)).toHaveLength(1);
        // A publish announced now reaches the process: its subscription came back by itself.
        await eventually(
          async () => (await raw.pubsub('NUMSUB', CONFIG_CHANNEL))[1],
          (subscribers) => Number(subscribers) === 1,
          10_000,
        );
        const before = Number((await get('/v1/site')).headers['x-config-version']);
        await publishConfig(t.db, shop.tenantId, shop.siteId, 'after the outage', announcePublish(raw));
        await eventually(
          async () => Number((await get('/v1/site')).headers['x-config-version']),
          (version) => version === before + 1,
          5_000,
        );
      } finally {
        raw.disconnect();
      }
    },
    OUTAGE_MS + 60_000,
  );

  it('answers the same way while Redis is connected but frozen, and recovers when it answers again', async () => {
    const token = (await cartCall('post', '/v1/cart')).headers['x-cart-token'] as string;
    privateRedis.pause();
    try {
      await throughout(3_000, 500, async (round) => {
        for (const path of reads()) expect([round, path, (await get(path)).status]).toEqual([round, path, 200]);
        expectFast503(
          await timed(() => cartCall('post', '/v1/cart/lines', token).send({ sku: skus[0]!.sku, quantity: 1 })),
          'post',
          '/v1/cart/lines',
        );
      });
    } finally {
      privateRedis.resume();
    }
    await eventually(
      () => cartCall('post', '/v1/cart/lines', token).send({ sku: skus[0]!.sku, quantity: 1 }),
      (res) => res.status === 200,
      10_000,
      (res) => `${res.status} ${res.text}`,
    );
  }, 30_000);
});
