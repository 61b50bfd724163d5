import type { RequestListener } from 'node:http';
import type { RunningServer } from '../../shared/http/listen';
import type { MediaPipeline } from '../../shared/media/pipeline';
import { storeMediaReader } from '../../shared/media/site-media';
import { clearSeedMedia, mediaTempDir, startMediaHost } from './media-fixture';
import { createStorefrontTestApp } from './storefront-api';
import { indexedShop, type IndexedShop } from './storefront-fixture';
import { storefrontConformance, type StorefrontConformance } from './storefront-openapi';
import { createTestDb, type TestDb } from './test-db';
import { createTestRedis, type TestRedis } from './test-redis';

export type MediaDir = Awaited<ReturnType<typeof mediaTempDir>>;

/** An indexed shop whose media are all the test's own, rendered by a real pipeline, with the storefront and the media host over them. */
export interface MediaShop {
  t: TestDb;
  shop: IndexedShop;
  media: MediaDir;
  /** The pipeline the first full and preview runs rendered with. */
  pipeline: MediaPipeline;
  /** The storefront over the renditions, and its OpenAPI checker (every answer checked against the document). */
  app: RequestListener;
  doc: StorefrontConformance;
  host: RunningServer;
  cleanup: () => Promise<void>;
}

/**
 * A seeded tenant with none of the seed's media (its placeholder files do not exist), configured by `configure`
 * (sources written under `media.sources`), published and indexed with a media pipeline.
 */
export async function mediaShop(options: {
  tenant: string;
  products: number;
  seed: number;
  configure: (ctx: { db: TestDb['db']; siteId: number; tenantId: number; media: MediaDir }) => Promise<void>;
}): Promise<MediaShop> {
  const t = await createTestDb();
  const r: TestRedis = createTestRedis();
  const media = await mediaTempDir();
  const pipeline = media.pipeline();
  const shop = await indexedShop(t.db, {
    tenant: options.tenant,
    products: options.products,
    seed: options.seed,
    runDeps: { media: pipeline },
    configure: async (siteId, tenantId) => {
      await clearSeedMedia(t.db, tenantId);
      await options.configure({ db: t.db, siteId, tenantId, media });
    },
  });
  const { app } = await createStorefrontTestApp({
    db: t.db,
    redis: r.redis,
    engine: shop.engine.engine,
    media: storeMediaReader(media.store),
  });
  const doc = await storefrontConformance(app);
  const host = await startMediaHost(media.store);
  const cleanup = async () => {
    await host.close();
    await shop.engine.cleanup();
    await r.cleanup();
    await t.drop();
    await media.cleanup();
  };
  return { t, shop, media, pipeline, app, doc, host, cleanup };
}
