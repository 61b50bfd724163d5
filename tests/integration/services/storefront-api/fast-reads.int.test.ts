import request from 'supertest';
import type { StorefrontApp } from '../../../../services/storefront-api/app';
import { createStorefrontTestApp } from '../../../support/storefront-api';
import { indexedShop, type IndexedShop } from '../../../support/storefront-fixture';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';

type Answer = { status: number; headers: Record<string, string>; body: unknown };

/** A series' value in the app's /metrics (0 when absent); `labels` must all appear in the series' labels. */
async function series(app: StorefrontApp, name: string, labels: string[] = []): Promise<number> {
  const text = (await request(app).get('/metrics')).text;
  const line = text.split('\n').find((l) => l.startsWith(name) && labels.every((label) => l.includes(label)));
  return line === undefined ? 0 : Number(line.split(' ').at(-1));
}

const answer = (res: request.Response): Answer => {
  const { date: _date, ...headers } = res.headers as Record<string, string>;
  return { status: res.status, headers, body: res.body };
};

// Cached reads are answered ahead of express: the same answer as the routed pipeline, and only when the pipeline
// would answer it the same way (counted by storefront_fast_reads_total, which only the fast lane increments).
describe('the fast lane of cached reads', () => {
  let t: TestDb;
  let r: TestRedis;
  let shop: IndexedShop;
  let app: StorefrontApp;
  const fast = () => series(app, 'storefront_fast_reads_total');
  const get = (path: string, headers: Record<string, string>) => request(app).get(path).set(headers);

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    shop = await indexedShop(t.db, { tenant: 'fastlane', products: 30, seed: 21 });
    ({ app } = await createStorefrontTestApp({
      db: t.db,
      redis: r.redis,
      engine: shop.engine.engine,
      microCacheMs: 60_000,
    }));
    // A key's first request in a window leases one point of its budget; the fast lane spends only leased points.
    for (const key of [shop.keys.publishable, shop.keys.secret])
      for (let i = 0; i < 2; i++) await get('/v1/site', { 'X-Site-Key': key });
  }, 90_000);
  afterAll(async () => {
    await shop.engine.cleanup();
    await r.cleanup();
    await t.drop();
  });

  const pub = () => ({ 'X-Site-Key': shop.keys.publishable });
  const cases: [string, string, () => Record<string, string>][] = [
    ['a listing', '/v1/products?pageSize=5&sort=name_asc', pub],
    [
      'a listing in another market and language',
      '/v1/products?pageSize=3&page=2',
      () => ({ ...pub(), 'X-Market': 'm2', 'Accept-Language': 'sv-SE, en;q=0.5' }),
    ],
    [
      'a listing for an allowed origin',
      '/v1/products?pageSize=2',
      () => ({ ...pub(), Origin: 'https://m1.shop.example' }),
    ],
    [
      'a listing for another origin',
      '/v1/products?pageSize=2',
      () => ({ ...pub(), Origin: 'https://elsewhere.example' }),
    ],
    ['a listing for a secret key', '/v1/products?pageSize=4', () => ({ 'X-Site-Key': shop.keys.secret })],
    ['the collection tree', '/v1/collections', pub],
    ['suggestions', '/v1/search/suggest?q=a', pub],
  ];

  it.each(cases)('answers %s the second time exactly as the pipeline did the first', async (_name, path, headers) => {
    const routed = answer(await get(path, headers()));
    expect(routed.status).toBe(200);
    const before = await fast();
    const second = answer(await get(path, headers()));
    expect(await fast()).toBe(before + 1);
    expect(second).toEqual(routed);
  });

  it('varies a CORS answer on Origin in the fast lane too', async () => {
    const headers = { ...pub(), Origin: 'https://m1.shop.example' };
    await get('/v1/products?pageSize=6', headers);
    const before = await fast();
    const second = await get('/v1/products?pageSize=6', headers);
    expect(await fast()).toBe(before + 1);
    expect([second.headers['access-control-allow-origin'], second.headers.vary]).toEqual([
      'https://m1.shop.example',
      'X-Site-Key, X-Market, Accept-Language, Origin',
    ]);
  });

  it('answers If-None-Match with 304, and observes its requests under the route pattern', async () => {
    const path = '/v1/products?pageSize=6';
    const first = await get(path, pub());
    const observed = () => series(app, 'http_request_duration_seconds_count', ['route="/v1/products"', 'status="304"']);
    const [fastBefore, observedBefore] = [await fast(), await observed()];
    const revalidated = await get(path, { ...pub(), 'If-None-Match': first.headers.etag as string });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    expect(await fast()).toBe(fastBefore + 1);
    expect(await observed()).toBe(observedBefore + 1);
  });

  it('leaves to the pipeline what it cannot answer the same way: preview keys, secret keys from a browser, bad markets', async () => {
    const path = '/v1/products?pageSize=7';
    await get(path, pub());
    const before = await fast();
    const preview = await get(path, { 'X-Site-Key': shop.keys.preview });
    expect(preview.status).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    const browser = await get(path, { 'X-Site-Key': shop.keys.secret, 'Sec-Fetch-Site': 'cross-site' });
    expect(browser.body.code).toBe('SECRET_KEY_FROM_BROWSER');
    const market = await get(path, { ...pub(), 'X-Market': 'zz' });
    expect(market.body.code).toBe('MARKET_UNKNOWN');
    expect((await get(path, {})).body.code).toBe('SITE_KEY_MISSING');
    expect(await fast()).toBe(before);
  });

  it('spends the key’s budget: past it the pipeline answers 429', async () => {
    const limited = createTestRedis();
    try {
      const { app: own } = await createStorefrontTestApp({
        db: t.db,
        redis: r.redis,
        limiterRedis: limited.redis,
        engine: shop.engine.engine,
        microCacheMs: 60_000,
      });
      const statuses: number[] = [];
      for (let i = 0; i < 601; i++)
        statuses.push((await request(own).get('/v1/products?pageSize=1').set(pub())).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(600);
      expect(statuses.at(-1)).toBe(429);
      expect(await series(own, 'storefront_fast_reads_total')).toBeGreaterThan(500);
    } finally {
      await limited.cleanup();
    }
  }, 60_000);
});
