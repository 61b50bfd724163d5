import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { routeLabel } from '../../../shared/metrics/route-label';
import type { SearchEngine } from '../../../shared/search';
import type { RecordedSearch } from '../../../shared/search-analytics/search-fact';
import type { SiteContext } from '../keys/site-context';
import type { MicroCache, PreparedBody } from './micro-cache';

export const VARY = 'X-Site-Key, X-Market, Accept-Language';
// A CORS request's answer also depends on its Origin (Access-Control-Allow-Origin is there or not).
const VARY_CORS = `${VARY}, Origin`;

const PUBLIC_CACHING = 'public, max-age=60, stale-while-revalidate=300';
const MAX_AGE_S = 60;
const STALE_S = 300;

/**
 * The Cache-Control of a read: preview keys `private, no-store`; otherwise `public, max-age=60,
 * stale-while-revalidate=300`, shortened so that no cache keeps the answer past the moment a query rule's
 * window opens or closes.
 */
export function cacheControl(ctx: Pick<SiteContext, 'preview' | 'catalogue'>, now = Date.now()): string {
  if (ctx.preview) return 'private, no-store';
  const next = ctx.catalogue.merchandising.nextChange(now);
  const left = next === null ? Infinity : Math.floor((next - now) / 1000);
  if (left >= MAX_AGE_S + STALE_S) return PUBLIC_CACHING;
  return left > MAX_AGE_S
    ? `public, max-age=${MAX_AGE_S}, stale-while-revalidate=${left - MAX_AGE_S}`
    : `public, max-age=${left}`;
}

/** Whether an If-None-Match header names the ETag (weak comparison, as for GET), or is `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
}

/**
 * Sends a successful read with its caching headers: a strong ETag of the body, 304 when `If-None-Match` names it,
 * the Cache-Control given (see cacheControl) and the Vary of the spec (plus Origin on a request with one).
 * `headers` (name/value pairs) go first. Written with one writeHead: this is every cached answer's path, and
 * headers given to writeHead alone are validated once, without node's per-header bookkeeping of setHeader.
 */
export function sendPrepared(
  req: IncomingMessage,
  res: ServerResponse,
  body: PreparedBody,
  options: { cacheControl: string; headers?: readonly string[] },
): void {
  const vary = req.headers.origin === undefined ? VARY : VARY_CORS;
  const headers = [...(options.headers ?? []), 'ETag', body.etag, 'Vary', vary, 'Cache-Control', options.cacheControl];
  if (etagMatches(req.headers['if-none-match'], body.etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers.push('Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(body.json.length));
  res.writeHead(200, headers);
  res.end(body.json);
}

/**
 * Answers a read from the micro-cache: the same site, config, market, language and URL get the same body,
 * computed once, while `token` (the serving token of the index the answer reads; null when it reads anything
 * else, such as PostgreSQL) stays the same, or within the cache's interval without a token. A search's answer
 * (`describe`) records the search each time it is sent.
 */
export async function sendRead<T>(
  req: Request,
  res: Response,
  cache: MicroCache,
  ctx: SiteContext,
  compute: () => Promise<T>,
  token: string | null = null,
  describe?: (answer: T) => RecordedSearch | undefined,
): Promise<void> {
  const route = routeLabel(req.baseUrl, req.route?.path);
  const body = await cache.get(readKey(ctx, req.originalUrl), compute, token, route, describe);
  sendPrepared(req, res, body, { cacheControl: cacheControl(ctx) });
  cache.sent(body);
}

/**
 * What identifies a read's answer: the site, its config version, live or preview, market, language, the URL, and
 * how many query-rule windows have opened or closed (so an answer is not served past one).
 */
export const readKey = (ctx: SiteContext, url: string): string =>
  [
    ctx.key.siteId,
    ctx.configVersion,
    ctx.preview ? 'p' : 'l',
    ctx.market.code,
    ctx.language,
    url,
    ctx.catalogue.merchandising.epoch(Date.now()),
  ].join('\u0000');

/**
 * The token of what `engine` serves for the request's index, when the engine can tell (SearchEngine.servingToken).
 * Never for a preview key: its draft config changes under the same cache key.
 */
export const servingToken = (engine: SearchEngine, ctx: SiteContext): string | null =>
  ctx.preview ? null : (engine.servingToken?.(ctx.alias) ?? null);
