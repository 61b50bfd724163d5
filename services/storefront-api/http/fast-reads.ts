import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, type Registry } from 'prom-client';
import type { MediaReader } from '../../../shared/media/site-media';
import { observeRequest, type RequestDurations } from '../../../shared/metrics/http-metrics';
import type { SearchEngine } from '../../../shared/search';
import type { ConfigRegistry } from '../../../shared/storefront-config/config-registry';
import type { CatalogueCache } from '../catalogue/catalogue-cache';
import { corsHeaders } from '../cors/cors';
import { isBrowserRequest } from '../keys/browser';
import type { KeyCache, LiveKey } from '../keys/key-cache';
import { servesKey, siteOf, type SiteContext } from '../keys/site-context';
import type { RateLimits } from '../rate-limit/rate-limits';
import { cacheControl, readKey, sendPrepared, servingToken } from './cached-json';
import type { FeedCache } from '../freshness/feed-cache';
import type { MicroCache } from './micro-cache';
import { currentFor, type ProductRead } from '../products/product-answers';

export type FastReadsDeps = {
  registry: ConfigRegistry;
  keys: KeyCache;
  catalogues: CatalogueCache;
  limits: RateLimits;
  reads: MicroCache;
  /** Product reads kept until a product they show changes. */
  answers: FeedCache<ProductRead>;
  engine: SearchEngine;
  media: MediaReader;
  durations: RequestDurations;
  /** Counts the reads answered here (fastReadsAnswered). */
  answered: Counter;
};

/**
 * `storefront_fast_reads_total`: the share of reads answered from memory ahead of routing, against the histogram's
 * count.
 */
export function fastReadsAnswered(registry: Registry): Counter {
  return new Counter({
    name: 'storefront_fast_reads_total',
    help: 'GET /v1 reads answered from the read cache ahead of routing.',
    registers: [registry],
  });
}

/** Answers `req` and returns true, or returns false having written nothing. */
export type FastReads = (req: IncomingMessage, res: ServerResponse) => boolean;

/** A live or secret key's context, when everything it needs is in memory and the request would pass the pipeline. */
function knownContext(deps: FastReadsDeps, req: IncomingMessage): SiteContext | null {
  const raw = req.headers['x-site-key'];
  const key: LiveKey | null | undefined = typeof raw === 'string' && raw !== '' ? deps.keys.known(raw) : null;
  // A preview key reads its draft from PostgreSQL; a secret key from a browser is refused.
  if (key == null || key.kind === 'preview' || (key.kind === 'secret' && isBrowserRequest(req))) return null;
  const published = deps.registry.get(key.siteId);
  if (!servesKey(published, key)) return null;
  const catalogue = deps.catalogues.published(key.siteId, published.version);
  if (catalogue === undefined) return null;
  try {
    return siteOf(req, key, catalogue, String(published.version), deps.media);
  } catch {
    // An inactive site or an unknown market: the pipeline answers the error.
    return null;
  }
}

/** The answer one of the read caches holds for `key`: a read the engine vouches for, or a product read. */
const heldAnswer = (deps: FastReadsDeps, ctx: SiteContext, key: string) =>
  deps.reads.peek(key, servingToken(deps.engine, ctx)) ?? deps.answers.peek(key, currentFor(deps.engine, ctx));

/**
 * The fast lane of GET /v1 reads whose answer the read cache holds, ahead of express (which alone costs a cached
 * listing more than writing its bytes): the pipeline's checks (key, site, market, language, CORS, rate limit),
 * decided from what the process already holds. A request it cannot decide from memory (a key or catalogue not
 * loaded yet, a preview key, anything that would be an error, a cache miss, a key whose leased budget is spent)
 * is left to the app, untouched. The answer is the one the route sent: same body, ETag and headers.
 */
export function fastReads(deps: FastReadsDeps): FastReads {
  return (req, res) => {
    if (req.method !== 'GET' || req.url === undefined || !req.url.startsWith('/v1/') || !deps.registry.ready)
      return false;
    const ctx = knownContext(deps, req);
    const hit = ctx === null ? undefined : heldAnswer(deps, ctx, readKey(ctx, req.url));
    if (ctx === null || hit === undefined || !deps.limits.spendHeld(ctx.key.kind, ctx.key.id)) return false;
    observeRequest(deps.durations, req, res, () => hit.route);
    deps.answered.inc();
    const origin = req.headers.origin;
    const cors = origin !== undefined && ctx.catalogue.origins.has(origin) ? corsHeaders(origin) : [];
    sendPrepared(req, res, hit.body, {
      cacheControl: cacheControl(ctx),
      headers: ['X-Config-Version', ctx.configVersion, ...cors],
    });
    deps.reads.sent(hit.body);
    return true;
  };
}
