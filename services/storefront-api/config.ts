import { z } from 'zod';
import { httpConfigSchema } from '../../shared/config';
import { searchConfigSchema } from '../../shared/search/search-config';
import { DEFAULT_ANALYTICS, type AnalyticsOptions } from '../../shared/search-analytics/search-analytics';
import { DEFAULT_ROLLUP_BOUNDS } from '../../shared/search-analytics/search-rollup';

export const storefrontConfigSchema = httpConfigSchema.extend(searchConfigSchema.shape).extend({
  /** Where the error codes are documented: every problem's `type` is this URL followed by `/<CODE>`. */
  ERRORS_DOC_URL: z.url().default('https://aisle.dev/docs/errors'),
  /** The rate limits' window; the limits are per minute, so tests shorten both together. */
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** How long an identical read the engine cannot vouch for is answered from memory (0: no answer cache at all). */
  MICRO_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** The answer cache's bound in megabytes of JSON: a listing answer is 20 to 40 KB, so 256 MB holds about 8,000. */
  ANSWER_CACHE_MB: z.coerce.number().int().min(1).max(16_384).default(256),
  /**
   * Products, SKUs and product answers are held until the change log names a change to them: served only while the
   * log was read this recently (the freshness bound of a price, stock or deletion; 0: nothing held), for at most
   * PRODUCT_CACHE_MAX_AGE_S (what the log does not name: responsible parties, renditions), within PRODUCT_CACHE_MB.
   */
  PRODUCT_FRESHNESS_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  PRODUCT_CACHE_MB: z.coerce.number().int().min(1).max(16_384).default(128),
  PRODUCT_CACHE_MAX_AGE_S: z.coerce.number().int().min(1).max(3600).default(300),
  /**
   * The current product slugs a process keeps, all sites and languages together (about 96 bytes each), so a product
   * page finds its product without a query; read per site and language, again each PRODUCT_CACHE_MAX_AGE_S. A site
   * with more keeps none (its slugs are looked up in PostgreSQL); 0: none kept.
   */
  PRODUCT_SLUG_ROUTES: z.coerce.number().int().min(0).max(50_000_000).default(500_000),
  /** A cart's sliding window (spec: 30 days); tests shorten it to see expiry. */
  CART_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(365 * 24 * 3600)
    .default(30 * 24 * 3600),
  /**
   * Search analytics: `off` records nothing (the benchmark's peer); how often the roll-ups are flushed to PostgreSQL
   * (at most 10 s), and how many days are kept.
   */
  ANALYTICS_RECORDING: z.enum(['on', 'off']).default('on'),
  ANALYTICS_FLUSH_MS: z.coerce.number().int().min(100).max(10_000).default(5_000),
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Distinct queries kept per site, day, market, language and kind of search. */
  ANALYTICS_TOP_QUERIES: z.coerce.number().int().min(10).max(100_000).default(1000),
  /** The media host, as shops reach it (GET /v1/site's media.baseUrl). */
  MEDIA_BASE_URL: z.url().default('http://127.0.0.1:3004'),
  /** Express's `trust proxy`: off by default, so a caller cannot pick its own address for the per-IP limit. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | number | string =>
      v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v,
    ),
});
export type StorefrontConfig = z.infer<typeof storefrontConfigSchema>;

/** The search analytics settings of the storefront's configuration. */
export function analyticsOptions(config: StorefrontConfig): AnalyticsOptions {
  const bounds = { ...DEFAULT_ROLLUP_BOUNDS, queriesPerGroup: config.ANALYTICS_TOP_QUERIES };
  return {
    ...DEFAULT_ANALYTICS,
    flushEveryMs: config.ANALYTICS_FLUSH_MS,
    retentionDays: config.ANALYTICS_RETENTION_DAYS,
    bounds,
  };
}
