import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMediaPipeline } from '../../indexer/media-pipeline';
import { runIndexJob } from '../../indexer/runs/run-job';
import { DEMO_SEED, DEMO_TENANT } from '../../scripts/start/demo';
import { ensureDemoSite } from '../../scripts/start/demo-site';
import { seedTenant } from '../../scripts/seed/seed-tenant';
import { createApp as createShopApp } from '../../services/demo-shop/app';
import { readDemoKeyFile } from '../../services/demo-shop/site-key';
import { createApp as createMediaHost } from '../../services/media-host/app';
import { listen, type RunningServer } from '../../shared/http/listen';
import { createLogger } from '../../shared/logger';
import { mediaDirs } from '../../shared/media/media-config';
import { RenditionStore } from '../../shared/media/rendition-store';
import { mediaReader } from '../../shared/media/site-media';
import { createKey } from '../../shared/storefront-config/keys';
import { publishConfig } from '../../shared/storefront-config/publish';
import { createStorefrontTestApp } from './storefront-api';
import { createTestEngine, runDeps } from './storefront-fixture';
import { createTestDb, type TestDb } from './test-db';
import { createTestRedis } from './test-redis';

const HOST = '127.0.0.1';

/** The demo shop as `npm start` runs it, on ephemeral loopback ports: its URLs, its database and its key. */
export interface DemoShopStack {
  shopUrl: string;
  apiUrl: string;
  mediaUrl: string;
  key: string;
  /** A secret key for the test's own questions to the API, so they never spend the shop's rate limit. */
  secretKey: string;
  t: TestDb;
  tenantId: number;
  siteId: number;
  cleanup: () => Promise<void>;
}

/**
 * The demo tenant (the demo seed, fewer products) with its media, configured by the same ensureDemoSite that
 * `npm start` runs (markets, facets, collections, the shop's origin and a key), indexed with renditions, and served
 * by the storefront API, the media host and the demo shop.
 */
export async function startDemoShopStack(products: number): Promise<DemoShopStack> {
  const t = await createTestDb();
  const r = createTestRedis();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aisle-demo-shop-'));
  const engine = await createTestEngine(t.db);
  const servers: RunningServer[] = [];
  const serve = async (app: Parameters<typeof listen>[0]) => {
    const running = await listen(app, HOST, 0);
    servers.push(running);
    return running.url;
  };
  const logger = createLogger({ name: 'test', level: 'silent' });
  const { tenantId } = await seedTenant(t.db, {
    tenant: DEMO_TENANT,
    products,
    orders: 0,
    seed: DEMO_SEED,
    asOf: new Date('2025-06-01T00:00:00Z'),
    analyze: false,
    mediaDir: mediaDirs(dataDir).sources,
  });
  const mediaUrl = await serve(createMediaHost({ store: new RenditionStore(mediaDirs(dataDir).renditions), logger }));
  const { app, registry } = await createStorefrontTestApp({
    db: t.db,
    redis: r.redis,
    engine: engine.engine,
    media: mediaReader(dataDir),
    mediaBaseUrl: mediaUrl,
  });
  const apiUrl = await serve(app);
  const siteKey = async () => (await readDemoKeyFile(dataDir))?.key ?? Promise.reject(new Error('no demo key yet'));
  const shopUrl = await serve(createShopApp({ storefrontUrl: apiUrl, siteKey, logger }));
  const { siteId, key } = await ensureDemoSite(t.db, dataDir, {
    shopOrigins: [shopUrl],
    onPublished: async () => undefined,
  });
  const media = createMediaPipeline({
    DATA_DIR: dataDir,
    MEDIA_FETCH_TIMEOUT_MS: 10_000,
    MEDIA_FETCH_MAX_BYTES: 50 * 1024 * 1024,
    MEDIA_FETCH_ALLOW_PRIVATE: false,
  });
  const outcome = await runIndexJob(
    runDeps(t.db, engine.engine, { media }),
    { type: 'full', siteId },
    { jobId: null, attempt: 1 },
  );
  if (outcome !== 'ok') throw new Error(`the demo site's full run ended ${outcome}`);
  const secretKey = (await createKey(t.db, tenantId, siteId, 'secret', 'browser test')).raw;
  await publishConfig(t.db, tenantId, siteId, 'browser test key');
  await registry.refresh();
  return {
    shopUrl,
    apiUrl,
    mediaUrl,
    key,
    secretKey,
    t,
    tenantId,
    siteId,
    cleanup: async () => {
      for (const server of servers) await server.close();
      await engine.cleanup();
      await r.cleanup();
      await t.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
