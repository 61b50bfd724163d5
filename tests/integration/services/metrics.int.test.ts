import type { RequestListener } from 'node:http';
import type { Queue, Worker } from 'bullmq';
import type { Express } from 'express';
import request from 'supertest';
import { createIndexerApp } from '../../../indexer/app';
import { queueDepthGauge } from '../../../indexer/queue-metrics';
import { indexRunMetrics } from '../../../indexer/runs/run-metrics';
import { createWorker } from '../../../indexer/worker';
import { createApp as createDemoShop } from '../../../services/demo-shop/app';
import { createApp as createMediaHost } from '../../../services/media-host/app';
import { RATE_LIMITS } from '../../../services/storefront-api/rate-limit/rate-limits';
import { createIndexQueue, requestRun } from '../../../shared/index-queue';
import { createMetricsRegistry } from '../../../shared/metrics/registry';
import { createRedis, type Redis } from '../../../shared/redis';
import { requireEnv } from '../../support/admin-db';
import { startBusinessApi, type BusinessApiHarness } from '../../support/business-api';
import { sellableSkus } from '../../support/cart-fixture';
import { identityApp, silentLogger, tempSigningKey } from '../../support/identity';
import { mediaTempDir } from '../../support/media-fixture';
import { parseExposition, sampleSum, scrape, type Exposition } from '../../support/prometheus-text';
import { createStorefrontTestApp } from '../../support/storefront-api';
import { indexedShop, runDeps, type IndexedShop } from '../../support/storefront-fixture';
import { startTcpProxy } from '../../support/tcp-proxy';
import { createTestDb, type TestDb } from '../../support/test-db';
import { createTestRedis, type TestRedis } from '../../support/test-redis';
import { until } from '../../support/until';

const HTTP = 'http_request_duration_seconds';
const registry = (name: string) => createMetricsRegistry(name, { nodeMetrics: true });

/** Requests observed between two scrapes under these labels. */
const observed = (before: Exposition, after: Exposition, labels: Record<string, string>) =>
  sampleSum(after, `${HTTP}_count`, labels) - sampleSum(before, `${HTTP}_count`, labels);

describe('Prometheus metrics at /metrics of every process', () => {
  let t: TestDb;
  let r: TestRedis;
  let shop: IndexedShop;
  let business: BusinessApiHarness;
  let signing: Awaited<ReturnType<typeof tempSigningKey>>;
  let media: Awaited<ReturnType<typeof mediaTempDir>>;
  let queueRedis: Redis;
  let queue: Queue;
  let worker: Worker;
  const apps = {} as Record<
    'storefront-api' | 'business-api' | 'identity' | 'indexer' | 'media-host' | 'demo-shop',
    RequestListener
  >;

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    shop = await indexedShop(t.db, { tenant: 'metrics', products: 40, seed: 16 });
    apps['storefront-api'] = (
      await createStorefrontTestApp({
        db: t.db,
        redis: r.redis,
        engine: shop.engine.engine,
        metrics: registry('storefront-api'),
      })
    ).app;
    business = await startBusinessApi({ metrics: registry('business-api') });
    apps['business-api'] = business.app;
    signing = await tempSigningKey();
    // One failed client authentication spends an address's failure budget: the next attempt is refused.
    apps.identity = identityApp(
      { db: t.db, redis: r.redis, signingKey: signing.signingKey, metrics: registry('identity') },
      { failedAttemptsPerIp: { points: 1, windowSeconds: 600 } },
    );
    // BullMQ takes no ioredis keyPrefix: the queue lives under a prefix of its own instead.
    queueRedis = createRedis(requireEnv('REDIS_URL'));
    queue = createIndexQueue(queueRedis, r.prefix);
    const indexerMetrics = registry('indexer');
    worker = createWorker({
      ...runDeps(t.db, shop.engine.engine),
      connection: queueRedis,
      prefix: r.prefix,
      metrics: indexRunMetrics(indexerMetrics),
    });
    apps.indexer = createIndexerApp({ db: t.db, redis: queueRedis, worker, queue, metrics: indexerMetrics });
    media = await mediaTempDir();
    apps['media-host'] = createMediaHost({ store: media.store, logger: silentLogger, metrics: registry('media-host') });
    apps['demo-shop'] = createDemoShop({
      storefrontUrl: 'http://127.0.0.1:3000',
      siteKey: async () => shop.keys.publishable,
      logger: silentLogger,
      metrics: registry('demo-shop'),
    });
  }, 90_000);
  afterAll(async () => {
    await worker.close();
    await queue.obliterate({ force: true });
    await queue.close();
    queueRedis.disconnect();
    await business.close();
    await signing.cleanup();
    await media.cleanup();
    await shop.engine.cleanup();
    await r.cleanup();
    await t.drop();
  });

  it('the indexer answers a path it does not serve with a JSON 404, not an HTML page', async () => {
    const res = await request(apps.indexer as Express).get('/health');
    expect([res.status, res.type, res.body.code]).toEqual([404, 'application/json', 'not_found']);
  });

  it('every process serves its series labelled with its name, with the Node runtime metrics', async () => {
    for (const [name, app] of Object.entries(apps)) {
      const exposition = await scrape(app);
      expect(exposition.samples.length).toBeGreaterThan(0);
      expect(exposition.samples.filter((s) => s.labels.process !== name)).toEqual([]);
      expect(sampleSum(exposition, 'process_cpu_seconds_total')).toBeGreaterThan(0);
      expect(sampleSum(exposition, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
      expect(exposition.types.get(HTTP)).toBe('histogram');
    }
  });

  it('storefront: latency by route pattern and status, cart operations by outcome, rate-limit rejections; no tenant data', async () => {
    const app = apps['storefront-api'] as Express;
    const key = shop.keys.publishable;
    const [sku] = await sellableSkus(app, key, 1);
    const before = await scrape(app);
    const detail = await request(app).get(`/v1/products/${sku!.productId}`).set('X-Site-Key', key).expect(200);
    const cart = await request(app).post('/v1/cart').set('X-Site-Key', key).expect(201);
    const token = String(cart.headers['x-cart-token']);
    await request(app)
      .post('/v1/cart/lines')
      .set({ 'X-Site-Key': key, 'X-Cart-Token': token })
      .send({ sku: sku!.sku, quantity: 1 })
      .expect(200);
    await request(app)
      .post('/v1/cart/lines')
      .set({ 'X-Site-Key': key, 'X-Cart-Token': token })
      .send({ sku: 'NO-SUCH-SKU', quantity: 1 })
      .expect(404);
    for (let i = 0; i < RATE_LIMITS.anonymous; i++) await request(app).get('/v1/products').expect(401);
    await request(app).get('/v1/products').expect(429);
    const scraped = await request(app).get('/metrics').expect(200);
    expect(scraped.headers['x-config-version']).toBeUndefined();
    const after = await scrape(app);

    expect(observed(before, after, { method: 'GET', route: '/v1/products/:slugOrId', status: '200' })).toBe(1);
    expect(observed(before, after, { method: 'POST', route: '/v1/cart', status: '201' })).toBe(1);
    expect(observed(before, after, { method: 'POST', route: '/v1/cart/lines', status: '404' })).toBe(1);
    // Refused before any route matched: by key and by budget.
    expect(observed(before, after, { route: 'unmatched', status: '401' })).toBe(RATE_LIMITS.anonymous);
    expect(observed(before, after, { route: 'unmatched', status: '429' })).toBe(1);
    const delta = (name: string, labels: Record<string, string>) =>
      sampleSum(after, name, labels) - sampleSum(before, name, labels);
    expect(delta('cart_operations_total', { operation: 'create', outcome: 'ok' })).toBe(1);
    expect(delta('cart_operations_total', { operation: 'add_line', outcome: 'ok' })).toBe(1);
    expect(delta('cart_operations_total', { operation: 'add_line', outcome: 'rejected' })).toBe(1);
    expect(delta('rate_limit_rejections_total', { limit: 'anonymous' })).toBe(1);
    expect(sampleSum(after, 'rate_limit_rejections_total', { limit: 'key' })).toBe(0);

    const detailCount = { method: 'GET', route: '/v1/products/:slugOrId', status: '200' };
    expect(sampleSum(after, `${HTTP}_bucket`, { ...detailCount, le: '+Inf' })).toBe(
      sampleSum(after, `${HTTP}_count`, detailCount),
    );
    expect(sampleSum(after, `${HTTP}_sum`, detailCount)).toBeGreaterThan(0);
    const routes = new Set(after.samples.filter((s) => s.name.startsWith(HTTP)).map((s) => s.labels.route));
    expect([...routes].sort()).toEqual([
      '/v1/cart',
      '/v1/cart/lines',
      '/v1/products',
      '/v1/products/:slugOrId',
      'unmatched',
    ]);
    // The route set above holds no id; no label names a product, and the text holds no key or cart token.
    const labelValues = after.samples.flatMap((s) => Object.values(s.labels));
    for (const name of [String((detail.body as { slug: string }).slug), sku!.sku])
      expect(labelValues.filter((v) => v.includes(name))).toEqual([]);
    const text = (await request(app).get('/metrics')).text;
    for (const secret of [key, token]) expect(text).not.toContain(secret);
  });

  it('business API: latency by route pattern, refused calls unmatched', async () => {
    const app = apps['business-api'];
    const before = await scrape(app);
    await business.call('get', '/customers', { token: await business.token(1) });
    await business.call('get', '/customers/987654', { token: await business.token(1) });
    expect((await request(app).get('/api/v1/customers')).status).toBe(401);
    const after = await scrape(app);
    expect(observed(before, after, { method: 'GET', route: '/api/v1/customers', status: '200' })).toBe(1);
    expect(observed(before, after, { method: 'GET', route: '/api/v1/customers/:customerId', status: '404' })).toBe(1);
    expect(observed(before, after, { route: 'unmatched', status: '401' })).toBe(1);
  });

  it('identity: token requests by route and status, and the failure budget counted when it refuses', async () => {
    const app = apps.identity;
    const before = await scrape(app);
    await request(app).get('/.well-known/jwks.json').expect(200);
    const guess = () =>
      request(app)
        .post('/oauth/token')
        .type('form')
        .send({ grant_type: 'client_credentials', client_id: 'nobody', client_secret: 'wrong' });
    expect((await guess()).status).toBe(401);
    expect((await guess()).status).toBe(429);
    const after = await scrape(app);
    expect(observed(before, after, { method: 'GET', route: '/.well-known/jwks.json', status: '200' })).toBe(1);
    expect(observed(before, after, { method: 'POST', route: '/oauth/token', status: '401' })).toBe(1);
    expect(observed(before, after, { method: 'POST', route: '/oauth/token', status: '429' })).toBe(1);
    expect(sampleSum(after, 'rate_limit_rejections_total', { limit: 'token_failed_attempts' })).toBe(1);
  });

  it('indexer: queue depth read on scrape, runs by type and outcome, run durations', async () => {
    const app = apps.indexer;
    // A job due in ten minutes stays queued for the whole test.
    await queue.add('full', { type: 'full', siteId: shop.siteId }, { delay: 600_000 });
    const queued = await scrape(app);
    expect(sampleSum(queued, 'index_queue_jobs', { state: 'delayed' })).toBe(1);
    expect(sampleSum(queued, 'index_queue_jobs', { state: 'active' })).toBe(0);
    expect(sampleSum(queued, 'index_runs_total')).toBe(0);

    await requestRun(queue, { type: 'full', siteId: shop.siteId });
    await requestRun(queue, { type: 'delta', siteId: 987_654 });
    const after = await until(async () => {
      const e = await scrape(app);
      return sampleSum(e, 'index_runs_total') === 2 ? e : undefined;
    });
    expect(sampleSum(after, 'index_runs_total', { type: 'full', outcome: 'ok' })).toBe(1);
    expect(sampleSum(after, 'index_runs_total', { type: 'delta', outcome: 'cancelled' })).toBe(1);
    expect(sampleSum(after, 'index_run_duration_seconds_count', { type: 'full' })).toBe(1);
    expect(sampleSum(after, 'index_run_duration_seconds_sum', { type: 'full' })).toBeGreaterThan(0);
    expect(sampleSum(after, 'index_run_duration_seconds_bucket', { type: 'full', le: '+Inf' })).toBe(1);
    expect(sampleSum(after, 'index_queue_jobs', { state: 'delayed' })).toBe(1);
    expect(sampleSum(after, 'index_queue_jobs', { state: 'waiting' })).toBe(0);
  }, 60_000);

  it('indexer: while Redis does not answer, a scrape still answers, without the queue depth; it returns with Redis', async () => {
    const target = new URL(requireEnv('REDIS_URL'));
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
    const redis = createRedis(`redis://${target.hostname}:${proxy.port}`);
    const cutQueue = createIndexQueue(redis, r.prefix);
    const metrics = createMetricsRegistry('indexer');
    queueDepthGauge(metrics, cutQueue, 300);
    const depth = async () =>
      parseExposition(await metrics.metrics()).samples.filter((s) => s.name === 'index_queue_jobs');
    try {
      expect((await depth()).length).toBe(4);
      await proxy.cut();
      expect(await depth()).toEqual([]);
      await proxy.restore();
      await until(async () => ((await depth()).length === 4 ? true : undefined), 10_000);
    } finally {
      redis.disconnect();
      await cutQueue.close();
      await proxy.close();
    }
  }, 30_000);

  it('media host: requests by URL template, health probes and scrapes left out', async () => {
    const app = apps['media-host'];
    const before = await scrape(app);
    await request(app)
      .get(`/r/${'a'.repeat(64)}/1/400.avif`)
      .expect(404);
    await request(app).get('/not-media').expect(404);
    await request(app).get('/healthz').expect(200);
    const after = await scrape(app);
    expect(
      observed(before, after, { method: 'GET', route: '/r/{hash}/{recipe}/{width}.{format}', status: '404' }),
    ).toBe(1);
    expect(observed(before, after, { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(sampleSum(after, `${HTTP}_count`)).toBe(2);
  });

  it('demo shop: its own requests by route pattern', async () => {
    const app = apps['demo-shop'];
    const before = await scrape(app);
    await request(app).get('/config.json').expect(200);
    await request(app).get('/p/some-product').expect(200);
    const after = await scrape(app);
    expect(observed(before, after, { method: 'GET', route: '/config.json', status: '200' })).toBe(1);
    expect(observed(before, after, { method: 'GET', route: '/{*path}', status: '200' })).toBe(1);
  });
});
