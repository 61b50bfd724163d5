import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ConfigRegistry } from '../../../shared/storefront-config/config-registry';
import { allowedOrigins } from '../catalogue/site-catalogue';

const ALLOW_HEADERS =
  'X-Site-Key, X-Market, Accept-Language, X-Cart-Token, If-Match, If-None-Match, Idempotency-Key, Content-Type';
const EXPOSE_HEADERS = 'ETag, X-Config-Version, X-Cart-Token, Retry-After';

/** The CORS headers (name/value pairs) that let a browser on `origin` read the answer; the Vary is the caller's. */
export const corsHeaders = (origin: string): string[] => [
  'Access-Control-Allow-Origin',
  origin,
  'Access-Control-Expose-Headers',
  EXPOSE_HEADERS,
];

/** Lets a browser on `origin` read the answer. */
export function allowOrigin(res: Response, origin: string): void {
  const [allow, value, expose, exposed] = corsHeaders(origin) as [string, string, string, string];
  res.setHeader(allow, value);
  res.setHeader(expose, exposed);
  res.vary('Origin');
}

/**
 * Origins any published site allows: a preflight carries no key, so it is answered for an origin some site
 * lists, and the real request is then checked against its own site's origins. Recomputed on each refresh.
 */
export class OriginDirectory {
  private all = new Set<string>();

  constructor(registry: ConfigRegistry) {
    const load = () => {
      this.all = new Set(registry.all().flatMap((c) => [...allowedOrigins(c.config)]));
    };
    load();
    registry.onRefresh(load);
  }

  has(origin: string): boolean {
    return this.all.has(origin);
  }
}

/**
 * Answers preflights (they carry no key, so an origin some site lists is enough). Other requests get CORS headers
 * only from siteContext, once the key is valid and its own site lists the origin: an answer that fails before (no
 * key, a bad key) names no origin, or it would tell anyone which origins the sites of every tenant allow.
 */
export function cors(directory: OriginDirectory): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.get('Origin');
    if (origin === undefined) return next();
    res.vary('Origin');
    if (req.method === 'OPTIONS' && req.get('Access-Control-Request-Method') !== undefined) {
      if (directory.has(origin)) {
        allowOrigin(res, origin);
        res.set({
          'Access-Control-Allow-Methods': 'GET, POST, PATCH, DELETE, OPTIONS',
          'Access-Control-Allow-Headers': ALLOW_HEADERS,
          'Access-Control-Max-Age': '600',
        });
      }
      return res.status(204).end();
    }
    next();
  };
}
