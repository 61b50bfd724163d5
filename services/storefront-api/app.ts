import type { RequestListener } from 'node:http';
import express, { type Express } from 'express';
import type { Registry } from 'prom-client';
import { healthRouter, storeChecks } from '../../shared/http/health';
import type { Knex } from '../../shared/db/knex';
import type { Logger } from '../../shared/logger';
import { createMetricsRegistry } from '../../shared/metrics/registry';
import { metricsRoutes } from '../../shared/metrics/metrics-routes';
import { requestDurations } from '../../shared/metrics/http-metrics';
import { rateLimitRejections } from '../../shared/metrics/rate-limit-metrics';
import type { Redis } from '../../shared/redis';
import type { SearchEngine } from '../../shared/search';
import type { MediaReader } from '../../shared/media/site-media';
import type { ConfigRegistry } from '../../shared/storefront-config/config-registry';
import type { SearchRecorder } from '../../shared/search-analytics/search-fact';
import { CatalogueCache } from './catalogue/catalogue-cache';
import { cors, OriginDirectory } from './cors/cors';
import { MicroCache } from './http/micro-cache';
import { fastReads, fastReadsAnswered } from './http/fast-reads';
import { docsRoutes } from './docs/docs-routes';
import { problemHandler, sendProblem } from './http/problem';
import { KeyCache } from './keys/key-cache';
import { siteContext } from './keys/site-context';
import { RenderedItems } from './listing/rendered-items';
import { FacetMemo } from './listing/facet-memo';
import { RenderedFacets } from './listing/rendered-facets';
import { listingRoutes } from './listing/listing-routes';
import { createRateLimits } from './rate-limit/rate-limits';
import { catalogueRoutes } from './catalogue-routes';
import { cartRoutes } from './cart/cart-routes';
import { cartOperations } from './cart/cart-metrics';
import { CartService } from './cart/cart-service';
import { CART_IDEMPOTENCY_TTL_SECONDS, CART_TTL_SECONDS, CartStore } from './cart/cart-store';
import { CategoryTrees } from './products/category-trees';
import { DEFAULT_PRODUCT_READS, type ProductReadOptions, productReads } from './products/product-reads';
import { siteRoutes } from './site/site-routes';
import { suggestRoutes } from './suggest/suggest-routes';

export interface StorefrontApiDeps {
  db: Knex;
  /**
   * A pool whose sessions keep generic plans (createDb `genericPlans`) for the named statements of product pages and
   * cart lines that are not held; left out, they run on `db`, planned each time.
   */
  lookups?: Knex;
  redis: Redis;
  /** A connection that fails fast while Redis is down (no offline queue): the rate limiter's store. */
  limiterRedis: Redis;
  /** The carts' connection (left out: `redis`); main.ts gives it auto-pipelining. */
  cartRedis?: Redis;
  logger: Logger;
  registry: ConfigRegistry;
  engine: SearchEngine;
  /**
   * Media descriptors of products, variants, brand logos and swatch images (the media pipeline's renditions under
   * DATA_DIR).
   */
  media: MediaReader;
  /** The process's metrics, served at /metrics; left out, the app keeps a registry of its own. */
  metrics?: Registry;
  /** Receives every search answered (listings, suggest, search-in-facet), cached or not; left out, none is recorded. */
  recordSearch?: SearchRecorder;
  config: {
    ERRORS_DOC_URL: string;
    RATE_LIMIT_WINDOW_SECONDS: number;
    MEDIA_BASE_URL: string;
    MICRO_CACHE_MS: number;
    ANSWER_CACHE_MB?: number;
    TRUST_PROXY?: string | boolean | number;
    CART_TTL_SECONDS?: number;
    PRODUCT_FRESHNESS_MS?: number;
    PRODUCT_CACHE_MB?: number;
    PRODUCT_CACHE_MAX_AGE_S?: number;
    PRODUCT_SLUG_ROUTES?: number;
  };
}

/** The product caches' settings, each left out taking its default. */
function productReadOptions(config: StorefrontApiDeps['config']): ProductReadOptions {
  return {
    freshnessMs: config.PRODUCT_FRESHNESS_MS ?? DEFAULT_PRODUCT_READS.freshnessMs,
    cacheBytes: (config.PRODUCT_CACHE_MB ?? DEFAULT_PRODUCT_READS.cacheBytes / 1024 / 1024) * 1024 * 1024,
    maxAgeMs: (config.PRODUCT_CACHE_MAX_AGE_S ?? DEFAULT_PRODUCT_READS.maxAgeMs / 1000) * 1000,
    slugRoutes: config.PRODUCT_SLUG_ROUTES ?? DEFAULT_PRODUCT_READS.slugRoutes,
  };
}

/** The storefront's request listener; `express` is the app behind its fast lane (for route inventories). */
export type StorefrontApp = RequestListener & { readonly express: Express };

/**
 * The public storefront API: `/v1/*` (spec/storefront-api.md), its documentation (/openapi/v1.json, /docs), plus
 * health endpoints and /metrics. Cached reads are answered ahead of express (fastReads); everything else by the app.
 */
export function createApp(deps: StorefrontApiDeps): StorefrontApp {
  const { db, redis, registry, engine, config } = deps;
  const metrics = deps.metrics ?? createMetricsRegistry('storefront-api');
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', config.TRUST_PROXY ?? false);
  const configCheck = async () => {
    if (!registry.ready) throw new Error('published configs not loaded yet');
  };
  // Probes and scrapes come before the request histogram metricsRoutes starts: neither is observed.
  app.use(healthRouter([...storeChecks(db, redis), { name: 'config', check: configCheck }]));
  const durations = requestDurations(metrics);
  app.use(metricsRoutes(metrics, durations));
  const keys = new KeyCache(db);
  registry.onRefresh(() => keys.clear());
  // Every /v1 answer names a config version; before the key's site is known there is none yet: 0.
  app.use('/v1', (_req, res, next) => {
    res.set('X-Config-Version', '0');
    next();
  });
  app.use('/v1', cors(new OriginDirectory(registry)));
  const limits = createRateLimits(deps.limiterRedis, config.RATE_LIMIT_WINDOW_SECONDS, rateLimitRejections(metrics));
  const catalogues = new CatalogueCache(db);
  app.use('/v1', siteContext({ db, registry, keys, catalogues, limits, media: deps.media }));
  const reads = new MicroCache(
    config.MICRO_CACHE_MS,
    { maxEntries: 10_000, maxBytes: (config.ANSWER_CACHE_MB ?? 256) * 1024 * 1024 },
    deps.recordSearch,
  );
  const facets = new FacetMemo();
  const listing = { db, engine, facets, panels: new RenderedFacets(facets), items: new RenderedItems() };
  const productOptions = productReadOptions(config);
  // A product computed now must not show a category older than the freshness bound either.
  const trees = new CategoryTrees(db, productOptions.freshnessMs);
  const products = productReads(
    { db, engine, lookups: deps.lookups, trees, logger: deps.logger, micro: reads, metrics },
    productOptions,
  );
  const carts = new CartStore(deps.cartRedis ?? redis, {
    ttlSeconds: config.CART_TTL_SECONDS ?? CART_TTL_SECONDS,
    idempotencyTtlSeconds: CART_IDEMPOTENCY_TTL_SECONDS,
  });
  // Carts first: cached reads are answered ahead of express (fastReads), so its hottest traffic is cart writes, and
  // express tries every route registered before a request's own (about forty here were a tenth of a cart answer).
  app.use(cartRoutes(new CartService(products.held, carts), cartOperations(metrics)));
  app.use(
    siteRoutes(config.MEDIA_BASE_URL),
    listingRoutes(listing, reads),
    suggestRoutes(db, engine, reads),
    ...catalogueRoutes(listing, reads, { ...products, trees }),
  );
  // The machine description, the reference and the guide need no key: the /v1 pipeline above only runs for /v1
  // paths. They come after it because /v1 reads are the hot path, and every router a request passes costs it time.
  app.use(docsRoutes());
  app.use((req, res) =>
    sendProblem(res, config.ERRORS_DOC_URL, 404, 'NOT_FOUND', `No route ${req.method} ${req.path}.`),
  );
  app.use(problemHandler(config.ERRORS_DOC_URL, deps.logger));
  const fast = fastReads({
    registry,
    keys,
    catalogues,
    limits,
    reads,
    answers: products.answers,
    engine,
    media: deps.media,
    durations,
    answered: fastReadsAnswered(metrics),
  });
  const listener: RequestListener = (req, res) => {
    if (!fast(req, res)) app(req, res);
  };
  return Object.assign(listener, { express: app });
}
