import { Gauge, type Registry } from 'prom-client';
import type { Knex } from '../../../shared/db/knex';
import type { SearchEngine } from '../../../shared/search';
import type { Logger } from '../../../shared/logger';
import { ChangeFollower } from '../freshness/change-follower';
import { FeedCache } from '../freshness/feed-cache';
import type { MicroCache } from '../http/micro-cache';
import type { CategoryTrees } from './category-trees';
import { type HeldProduct, HeldProducts, type SkuRoot } from './held-products';
import { IndexedProducts } from './indexed-products';
import { IndexedSources } from './indexed-sources';
import { PageReads, type ProductSources } from './page-reads';
import { SlugRoutes } from './slug-routes';
import type { ProductAnswers, ProductRead } from './product-answers';

/** How fresh and how large what the process holds of products may be (the storefront's PRODUCT_* settings). */
export type ProductReadOptions = { freshnessMs: number; cacheBytes: number; maxAgeMs: number; slugRoutes: number };

export const DEFAULT_PRODUCT_READS: ProductReadOptions = {
  freshnessMs: 1000,
  cacheBytes: 128 * 1024 * 1024,
  maxAgeMs: 300_000,
  slugRoutes: 500_000,
};

/**
 * Everything product reads and carts are answered from: held products and SKUs, kept product answers, and the page
 * reads of a product that is not held.
 */
export type ProductReads = ProductAnswers & ProductSources;

/**
 * The product caches of one process, all following the catalogue's change log: answers get three quarters of the
 * bytes (a detail page is 2 to 10 KB), held products the rest, SKUs a small share.
 */
export function productReads(
  deps: {
    db: Knex;
    engine: SearchEngine;
    /** Where held products and page rows are read by named statements (a pool keeping generic plans); else `db`. */
    lookups?: Knex;
    trees: CategoryTrees;
    logger: Logger;
    micro: MicroCache;
    metrics: Registry;
  },
  options: ProductReadOptions = DEFAULT_PRODUCT_READS,
): ProductReads {
  const feed = new ChangeFollower(deps.db, {
    boundMs: options.freshnessMs,
    idleMs: options.maxAgeMs,
    onError: (err) => deps.logger.warn({ err }, 'product change log unreadable: product reads go to PostgreSQL'),
  });
  const bounds = (share: number) => ({
    maxBytes: Math.floor(options.cacheBytes * share),
    maxEntries: 200_000,
    maxAgeMs: options.maxAgeMs,
  });
  const caches = {
    answers: new FeedCache<ProductRead>(feed, bounds(0.75)),
    products: new FeedCache<HeldProduct | null>(feed, bounds(0.2)),
    skus: new FeedCache<SkuRoot>(feed, bounds(0.05)),
  };
  const routes = new SlugRoutes(deps.db, deps.logger, { maxEntries: options.slugRoutes, maxAgeMs: options.maxAgeMs });
  observeSizes(deps.metrics, { ...caches, 'slug-routes': routes });
  const lookups = deps.lookups ?? deps.db;
  const indexed = new IndexedProducts(deps.engine, new IndexedSources(deps.db, feed), feed);
  const held = new HeldProducts(lookups, deps.trees, caches, indexed);
  const pages = new PageReads(lookups, routes);
  return { held, pages, engine: deps.engine, answers: caches.answers, micro: deps.micro };
}

/** `storefront_product_cache_bytes` and `_entries` per cache, read at each scrape. */
function observeSizes(metrics: Registry, caches: Record<string, { size(): { entries: number; bytes: number } }>) {
  const gauge = (name: string, help: string, pick: (size: { entries: number; bytes: number }) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['cache'],
      registers: [metrics],
      collect() {
        for (const [cache, held] of Object.entries(caches)) this.set({ cache }, pick(held.size()));
      },
    });
  gauge(
    'storefront_product_cache_bytes',
    'Bytes held by the product caches (answers, products, skus, slug-routes).',
    (s) => s.bytes,
  );
  gauge('storefront_product_cache_entries', 'Entries held by the product caches.', (s) => s.entries);
}
