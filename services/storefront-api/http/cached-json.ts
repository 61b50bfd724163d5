import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

export const VARY = 'X-Site-Key, X-Market, Accept-Language';

/**
 * Sends a successful read with its caching headers: a strong ETag of the body, 304 when `If-None-Match` names it,
 * `public, max-age=60, stale-while-revalidate=300` (preview keys: `private, no-store`) and the Vary of the spec.
 */
export function sendCachedJson(req: Request, res: Response, body: unknown, options: { preview: boolean }): void {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  res.set({ ETag: etag, Vary: VARY, 'Cache-Control': options.preview ? 'private, no-store' : 'public, max-age=60, stale-while-revalidate=300' });
  const asked = req.get('If-None-Match');
  if (asked !== undefined && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')) {
    res.status(304).end();
    return;
  }
  res.type('application/json').send(json);
}
