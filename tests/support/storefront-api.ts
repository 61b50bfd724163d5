import type { Registry } from 'prom-client';
import type { Knex } from '../../shared/db/knex';
import { createLogger } from '../../shared/logger';
import type { Redis } from '../../shared/redis';
import type { SearchEngine } from '../../shared/search';
import type { SearchRecorder } from '../../shared/search-analytics/search-fact';
import { ConfigRegistry } from '../../shared/storefront-config/config-registry';
import os from 'node:os';
import path from 'node:path';
import { mediaReader, type MediaReader } from '../../shared/media/site-media';
import { createApp, type StorefrontApp } from '../../services/storefront-api/app';

export const ERRORS_DOC_URL = 'https://aisle.dev/docs/errors';

/** The storefront app on a test database, with its registry loaded (call `registry.refresh()` after a publish). */
export async function createStorefrontTestApp(deps: {
  db: Knex;
  /** The pool of product and cart lookups (createDb `genericPlans`, as main.ts makes it); default `db`. */
  lookups?: Knex;
  redis: Redis;
  engine: SearchEngine;
  /** Media descriptors; default: a store with no renditions (every product answers no media). */
  media?: MediaReader;
  /** Where the site's media block says the media host answers; default a placeholder host. */
  mediaBaseUrl?: string;
  limiterRedis?: Redis;
  /** The carts' connection; default `redis`. */
  cartRedis?: Redis;
  windowSeconds?: number;
  /** The read micro-cache's interval; 0 (default here) answers every read fresh. */
  microCacheMs?: number;
  /** How fresh held products must be (PRODUCT_FRESHNESS_MS); 0 (default here) reads PostgreSQL each time. */
  productFreshnessMs?: number;
  /** The product caches' byte bound in megabytes (PRODUCT_CACHE_MB). */
  productCacheMb?: number;
  configDb?: Knex;
  /** False: the registry has not loaded yet (the process is warming up). */
  loaded?: boolean;
  /** A cart's sliding window; default the spec's 30 days. */
  cartTtlSeconds?: number;
  /** The registry /metrics serves; default one of the app's own. */
  metrics?: Registry;
  /** Where the searches answered are recorded; default nowhere. */
  recordSearch?: SearchRecorder;
}): Promise<{ app: StorefrontApp; registry: ConfigRegistry }> {
  const registry = new ConfigRegistry(deps.configDb ?? deps.db);
  if (deps.loaded !== false) await registry.refresh();
  const app = createApp({
    db: deps.db,
    ...(deps.lookups ? { lookups: deps.lookups } : {}),
    redis: deps.redis,
    limiterRedis: deps.limiterRedis ?? deps.redis,
    ...(deps.cartRedis ? { cartRedis: deps.cartRedis } : {}),
    logger: createLogger({ name: 'test', level: 'silent' }),
    registry,
    engine: deps.engine,
    media: deps.media ?? mediaReader(path.join(os.tmpdir(), 'aisle-no-media')),
    metrics: deps.metrics,
    ...(deps.recordSearch ? { recordSearch: deps.recordSearch } : {}),
    config: {
      ERRORS_DOC_URL,
      RATE_LIMIT_WINDOW_SECONDS: deps.windowSeconds ?? 60,
      MEDIA_BASE_URL: deps.mediaBaseUrl ?? 'http://media.test',
      MICRO_CACHE_MS: deps.microCacheMs ?? 0,
      PRODUCT_FRESHNESS_MS: deps.productFreshnessMs ?? 0,
      PRODUCT_CACHE_MB: deps.productCacheMb,
      TRUST_PROXY: false,
      CART_TTL_SECONDS: deps.cartTtlSeconds,
    },
  });
  return { app, registry };
}
