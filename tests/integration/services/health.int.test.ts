import request from 'supertest';
import type { RequestListener } from 'node:http';
import { createDb } from '../../../shared/db/knex';
import { createLogger } from '../../../shared/logger';
import { createRedis } from '../../../shared/redis';
import { createApp as createBusinessApi } from '../../../services/business-api/app';
import type { Knex } from '../../../shared/db/knex';
import type { Redis } from '../../../shared/redis';
import { EmbeddedSearchEngine } from '../../../shared/search/embedded/lifecycle/embedded-engine';
import { createStorefrontTestApp } from '../../support/storefront-api';
import { createTestDb, type TestDb } from '../../support/test-db';
import { createTestRedis, type TestRedis } from '../../support/test-redis';

const logger = createLogger({ name: 'test', level: 'silent' });
type Deps = { db: Knex; redis: Redis; logger: typeof logger };

// `configDb` is where the storefront's registry loads configs from (always the live test database).
const apps: Record<
  string,
  { create: (deps: Deps, configDb: Knex) => Promise<RequestListener>; extraChecks: Record<string, string> }
> = {
  'business-api': { create: async (deps) => createBusinessApi(deps), extraChecks: {} },
  // The storefront is ready once it has loaded the published configs too.
  'storefront-api': {
    create: async (deps, configDb) =>
      (await createStorefrontTestApp({ ...deps, engine: new EmbeddedSearchEngine(), configDb })).app,
    extraChecks: { config: 'ok' },
  },
};

describe.each(Object.entries(apps))('%s health', (_name, { create: createApp, extraChecks }) => {
  let t: TestDb;
  let r: TestRedis;
  let app: RequestListener;
  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    app = await createApp({ db: t.db, redis: r.redis, logger }, t.db);
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
    expect(res.body).toEqual({ status: 'ok', checks: { postgres: 'ok', redis: 'ok', ...extraChecks } });
  });

  it('answers /readyz 503 naming the dependency that does not answer', async () => {
    const deadDb = createDb('postgres://postgres@127.0.0.1:1/none', { pool: { min: 0, max: 1 }, logger });
    const deadRedis = createRedis('redis://127.0.0.1:1', {
      lazyConnect: true,
      retryStrategy: () => null,
      maxRetriesPerRequest: 0,
    });
    try {
      const res = await request(await createApp({ db: deadDb, redis: r.redis, logger }, t.db)).get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'unavailable', checks: { postgres: 'failing', redis: 'ok', ...extraChecks } });
      const res2 = await request(await createApp({ db: t.db, redis: deadRedis, logger }, t.db)).get('/readyz');
      expect(res2.body.checks).toEqual({ postgres: 'ok', redis: 'failing', ...extraChecks });
    } finally {
      await deadDb.destroy();
      deadRedis.disconnect();
    }
  });
});
