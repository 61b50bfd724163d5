import request from 'supertest';
import type { Express } from 'express';
import { createDb } from '../../../shared/db/knex';
import { createLogger } from '../../../shared/logger';
import { createRedis } from '../../../shared/redis';
import { createApp as createBusinessApi } from '../../../services/business-api/app';
import { createApp as createStorefrontApi } from '../../../services/storefront-api/app';
import { createTestDb, type TestDb } from '../../support/test-db';
import { createTestRedis, type TestRedis } from '../../support/test-redis';

const logger = createLogger({ name: 'test', level: 'silent' });
const apps = { 'business-api': createBusinessApi, 'storefront-api': createStorefrontApi };

describe.each(Object.entries(apps))('%s health', (_name, createApp) => {
  let t: TestDb;
  let r: TestRedis;
  let app: Express;
  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    app = createApp({ db: t.db, redis: r.redis, logger });
  });
  afterAll(async () => {
    await r.cleanup();
    await t.drop();
  });

  it('answers /healthz', async () => {
    const res = await request(app).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers /readyz 200 when PostgreSQL and Redis answer', async () => {
    const res = await request(app).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', checks: { postgres: 'ok', redis: 'ok' } });
  });

  it('answers /readyz 503 naming the dependency that does not answer', async () => {
    const deadDb = createDb('postgres://postgres@127.0.0.1:1/none', { pool: { min: 0, max: 1 }, logger });
    const deadRedis = createRedis('redis://127.0.0.1:1', { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0 });
    try {
      const res = await request(createApp({ db: deadDb, redis: r.redis, logger })).get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'unavailable', checks: { postgres: 'failing', redis: 'ok' } });
      const res2 = await request(createApp({ db: t.db, redis: deadRedis, logger })).get('/readyz');
      expect(res2.body.checks).toEqual({ postgres: 'ok', redis: 'failing' });
    } finally {
      await deadDb.destroy();
      deadRedis.disconnect();
    }
  });
});
