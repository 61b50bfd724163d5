import type { Request, Response } from 'express';
import type { SiteContext } from '../keys/site-context';
import type { MicroCache, PreparedBody } from './micro-cache';

export const VARY = 'X-Site-Key, X-Market, Accept-Language';

/**
 * Sends a successful read with its caching headers: a strong ETag of the body, 304 when `If-None-Match` names it,
 * `public, max-age=60, stale-while-revalidate=300` (preview keys: `private, no-store`) and the Vary of the spec.
 */
export function sendPrepared(req: Request, res: Response, body: PreparedBody, options: { preview: boolean }): void {
  res.set({ ETag: body.etag, Vary: VARY, 'Cache-Control': options.preview ? 'private, no-store' : 'public, max-age=60, stale-while-revalidate=300' });
  const asked = req.get('If-None-Match');
  if (asked !== undefined && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === body.etag || tag.trim() === '*')) {
    res.status(304).end();
    return;
  }
  res.type('application/json').send(body.json);
}

/**
 * Answers a read from the micro-cache: the same site, config, index, market, language and URL within the
 * cache's interval get the same body, computed once.
 */
export async function sendRead(req: Request, res: Response, cache: MicroCache, ctx: SiteContext, compute: () => Promise<unknown>): Promise<void> {
  const key = [ctx.key.siteId, ctx.configVersion, ctx.preview ? 'p' : 'l', ctx.market.code, ctx.language, req.originalUrl].join('\u0000');
  sendPrepared(req, res, await cache.get(key, compute), { preview: ctx.preview });
}
