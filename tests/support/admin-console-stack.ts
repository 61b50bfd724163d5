import { createLocalJWKSet } from 'jose';
import { freePort } from '../../scripts/services/free-port';
import { seedTenant } from '../../scripts/seed/seed-tenant';
import { createApp as createConsoleApp } from '../../services/admin-console/app';
import { consoleConfigSchema, consoleSettings } from '../../services/admin-console/config';
import { consoleClient } from '../../services/admin-console/console-client';
import { createApp as createBusinessApi } from '../../services/business-api/app';
import { createTokenVerifier } from '../../services/business-api/auth/token-verifier';
import { createAppPassword } from '../../services/identity/app-passwords/create-app-password';
import { saveClient } from '../../services/identity/oauth/clients';
import { finishRun, startRun } from '../../indexer/runs/sync-runs';
import { createWorker } from '../../indexer/worker';
import { loadConfig } from '../../shared/config';
import { listen, type RunningServer } from '../../shared/http/listen';
import { createIndexQueue } from '../../shared/index-queue';
import { createLogger } from '../../shared/logger';
import { createMetricsRegistry } from '../../shared/metrics/registry';
import { createRedis } from '../../shared/redis';
import { DEFAULT_ANALYTICS, SearchAnalytics } from '../../shared/search-analytics/search-analytics';
import { createKey } from '../../shared/storefront-config/keys';
import { saveMarket, saveSite } from '../../shared/storefront-config/drafts';
import { publishConfig } from '../../shared/storefront-config/publish';
import { identityApp, insertTenant, silentLogger, tempSigningKey, TEST_AUDIENCE } from './identity';
import { createStorefrontTestApp } from './storefront-api';
import { createTestEngine, runDeps } from './storefront-fixture';
import { createTestDb, type TestDb } from './test-db';
import { createTestRedis, type TestRedis } from './test-redis';

const HOST = '127.0.0.1';

/** An app password's credentials, as a shop admin types them on the consent page. */
export type Credentials = { clientId: string; clientSecret: string };

/**
 * The console as `npm start` runs it: its URL, its partners' URLs (business-api with the indexer's queue, an indexer
 * worker, and the storefront API recording search analytics), and the seeded tenants' app passwords.
 */
export interface AdminConsoleStack {
  consoleUrl: string;
  apiUrl: string;
  identityUrl: string;
  /** The storefront API, for a shopper's searches (recorded in the analytics the console reports). */
  storefrontUrl: string;
  t: TestDb;
  /**
   * A tenant with a published site `outlet` and a draft-only site `spring`: read-write. The outlet's run history
   * is made up (a full run of 19 documents, a delta) and it has no index until a test runs one; `outletKey` is a
   * publishable key of the outlet, already published.
   */
  shop: Credentials & { tenantId: number; outletSiteId: number; outletKey: string };
  /** Writes the storefront's counted searches to PostgreSQL now (the process flushes every half second anyway). */
  flushAnalytics: () => Promise<void>;
  /** A tenant without any site: read-only. */
  empty: Credentials;
  cleanup: () => Promise<void>;
}

/**
 * A published site with a market and a live key, a finished full run (with a product left out) and a delta after it,
 * and a second site never published.
 */
async function seedSites(t: TestDb, tenantId: number): Promise<{ outlet: number; outletKey: string }> {
  const list: { id: number } = await t
    .db('price_lists')
    .where({ tenant_id: tenantId, active: true, currency_code: 'SEK' })
    .first('id');
  const outlet = await saveSite(t.db, tenantId, { code: 'outlet', name: 'Nordic Outlet', ecomSiteId: 1 });
  await saveMarket(t.db, tenantId, outlet, {
    code: 'se',
    language: 'sv',
    currency: 'SEK',
    country: 'SE',
    urlTemplate: 'https://outlet.example/se/{path}',
    priceListId: list.id,
    isDefault: true,
  });
  const { raw: outletKey } = await createKey(t.db, tenantId, outlet, 'publishable', 'console test shop');
  const { version } = await publishConfig(t.db, tenantId, outlet, 'first version');
  const run = await startRun(
    t.db,
    { tenantId, siteId: outlet },
    { mode: 'full', jobId: null, attempt: 1, configVersion: version, indexName: 'outlet-1' },
  );
  await finishRun(t.db, run, {
    outcome: 'ok',
    documentCount: 19,
    warnings: [{ code: 'NO_PRICE', productId: '7' }],
    timings: { total: 850 },
    swapped: true,
  });
  // Deltas follow every few seconds: the index status must still be the full run's.
  const delta = await startRun(
    t.db,
    { tenantId, siteId: outlet },
    { mode: 'delta', jobId: null, attempt: 1, configVersion: version, indexName: 'outlet-1' },
  );
  await finishRun(t.db, delta, {
    outcome: 'ok',
    documentCount: 2,
    warnings: [
      { code: 'INACTIVE', productId: '3' },
      { code: 'NO_PRICE', productId: '9' },
    ],
    timings: { total: 40 },
  });
  await saveSite(t.db, tenantId, { code: 'spring', name: 'Spring <b>campaign</b>', ecomSiteId: 1 });
  return { outlet, outletKey };
}

const quiet = createLogger({ name: 'test', level: 'silent' });

/**
 * The indexer's side, in this process: its queue (business-api enqueues on it), a worker running the jobs on an
 * embedded engine that business-api and the storefront API share (so a swap is seen at once), and the storefront
 * API's search analytics.
 */
async function indexing(t: TestDb, r: TestRedis) {
  const engine = await createTestEngine(t.db);
  const queueRedis = createRedis(r.url, { maxRetriesPerRequest: null });
  const queue = createIndexQueue(queueRedis, r.prefix);
  const workerRedis = createRedis(r.url, { maxRetriesPerRequest: null });
  const worker = createWorker({ ...runDeps(t.db, engine.engine), connection: workerRedis, prefix: r.prefix });
  const analytics = new SearchAnalytics(
    { db: t.db, logger: quiet, metrics: createMetricsRegistry('storefront-api') },
    { ...DEFAULT_ANALYTICS, flushEveryMs: 500 },
  );
  analytics.start();
  const close = async () => {
    await analytics.close();
    await worker.close();
    await queue.close();
    queueRedis.disconnect();
    workerRedis.disconnect();
    await engine.cleanup();
  };
  return { engine, queue, analytics, close };
}

type Indexing = Awaited<ReturnType<typeof indexing>>;

/**
 * The processes the console needs, on free loopback ports: the identity provider, business-api, the console, and
 * the storefront API (following publishes over pub/sub, as in production).
 */
async function serveAll(
  t: TestDb,
  redis: TestRedis['redis'],
  signingKey: Awaited<ReturnType<typeof tempSigningKey>>['signingKey'],
  ix: Indexing,
) {
  const [identityPort, apiPort, consolePort] = [await freePort(), await freePort(), await freePort()];
  const identityUrl = `http://${HOST}:${identityPort}`;
  const apiUrl = `http://${HOST}:${apiPort}`;
  const consoleUrl = `http://${HOST}:${consolePort}`;
  const verifyToken = createTokenVerifier({
    keys: createLocalJWKSet({ keys: [signingKey.publicJwk] }),
    issuer: identityUrl,
    audience: TEST_AUDIENCE,
  });
  const settings = consoleSettings(
    loadConfig(consoleConfigSchema, {
      PORT: String(consolePort),
      BUSINESS_API_URL: apiUrl,
      IDENTITY_ISSUER: identityUrl,
    }),
  );
  const servers: RunningServer[] = [
    await listen(
      // This process also drives Chromium and serves three other apps on two shared cores: a Redis answer can
      // take longer than production's 500 ms budget here (a token request then failed with 503). The console's
      // tests are not about a slow Redis; the reliability suites are.
      identityApp(
        { db: t.db, redis, signingKey },
        { issuer: identityUrl, corsOrigins: [consoleUrl], storeTimeoutMs: 5_000 },
      ),
      HOST,
      identityPort,
    ),
    await listen(
      createBusinessApi({
        db: t.db,
        redis,
        logger: silentLogger,
        verifyToken,
        corsOrigins: [consoleUrl],
        storefront: { queue: ix.queue, deltaEveryMs: 3_600_000, engine: async () => ix.engine.engine },
      }),
      HOST,
      apiPort,
    ),
    await listen(createConsoleApp({ settings }), HOST, consolePort),
  ];
  const { app: storefront, registry } = await createStorefrontTestApp({
    db: t.db,
    redis,
    engine: ix.engine.engine,
    recordSearch: ix.analytics.record,
  });
  const subscriber = redis.duplicate();
  await registry.start({ subscriber, logger: quiet, pollMs: 1_000 });
  const storefrontServer = await listen(storefront, HOST, 0);
  const stopRegistry = async () => {
    await registry.stop();
    subscriber.disconnect();
  };
  await saveClient(t.db, consoleClient([consoleUrl]));
  const closers = [...[...servers, storefrontServer].map((s) => s.close), stopRegistry];
  return { identityUrl, apiUrl, consoleUrl, storefrontUrl: storefrontServer.url, closers };
}

const credentialsOf = ({ password, clientSecret }: Awaited<ReturnType<typeof createAppPassword>>): Credentials => ({
  clientId: password.clientId,
  clientSecret,
});

export async function startAdminConsoleStack(): Promise<AdminConsoleStack> {
  const t = await createTestDb();
  const r = createTestRedis();
  const keys = await tempSigningKey();
  const { tenantId } = await seedTenant(t.db, {
    tenant: 'console-shop',
    products: 20,
    orders: 0,
    seed: 7,
    asOf: new Date('2025-06-01T00:00:00Z'),
    analyze: false,
  });
  const { outlet, outletKey } = await seedSites(t, tenantId);
  await insertTenant(t.db, 'console-empty');
  const shop = await createAppPassword(t.db, {
    tenantCode: 'console-shop',
    email: 'admin@shop.example',
    name: 'console test',
    access: 'read-write',
    permissions: [],
  });
  const empty = await createAppPassword(t.db, {
    tenantCode: 'console-empty',
    email: 'viewer@empty.example',
    name: 'console test',
    access: 'read-only',
    permissions: [],
  });
  const ix = await indexing(t, r);
  const { identityUrl, apiUrl, consoleUrl, storefrontUrl, closers } = await serveAll(t, r.redis, keys.signingKey, ix);
  return {
    consoleUrl,
    apiUrl,
    identityUrl,
    storefrontUrl,
    t,
    shop: { ...credentialsOf(shop), tenantId, outletSiteId: outlet, outletKey },
    empty: credentialsOf(empty),
    flushAnalytics: () => ix.analytics.flush(),
    cleanup: async () => {
      for (const close of closers) await close();
      await ix.close();
      await r.cleanup();
      await t.drop();
      await keys.cleanup();
    },
  };
}
