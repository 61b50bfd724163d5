import type { RequestHandler } from 'express';
import { z } from 'zod';

/** Whether `value` is exactly a web origin (`http(s)://host[:port]`, no path, no trailing slash). */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}

/**
 * A comma-separated list of browser origins allowed to call a service cross-origin. Each must be an exact origin:
 * a wildcard would let any page read the answers, and a path or trailing slash would never match an `Origin` header,
 * so both fail at boot rather than silently allowing everyone or no one.
 */
export const originListSchema = z
  .string()
  .default('')
  .transform((raw) =>
    raw
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.string().refine(isOrigin, 'must be an exact http(s) origin such as https://admin.example.com (no path, no *)'),
    ),
  );

export type CorsPolicy = {
  /** The methods a preflight may ask for. */
  methods: string;
  /** The request headers a preflight may ask for. */
  allowHeaders: string;
  /** Response headers the page may read besides the CORS-safelisted ones. */
  exposeHeaders?: string;
};

/**
 * CORS for listed origins only, without credentials (the callers send a bearer token, never cookies), so the
 * allowed origin is echoed, never `*`. A preflight from a listed origin is answered here, before authentication
 * (browsers send it without the Authorization header); anything else goes on unchanged, and an unlisted origin
 * simply gets no CORS headers, so its page cannot read the answer.
 */
export function allowOrigins(origins: readonly string[], policy: CorsPolicy): RequestHandler {
  const allowed = new Set(origins);
  return (req, res, next) => {
    const origin = req.get('Origin');
    if (origin === undefined || allowed.size === 0) return next();
    // The answer depends on the Origin header whenever a list is configured: caches must key on it.
    res.vary('Origin');
    if (!allowed.has(origin)) return next();
    res.set('Access-Control-Allow-Origin', origin);
    if (policy.exposeHeaders) res.set('Access-Control-Expose-Headers', policy.exposeHeaders);
    if (req.method !== 'OPTIONS' || req.get('Access-Control-Request-Method') === undefined) return next();
    res.set({
      'Access-Control-Allow-Methods': policy.methods,
      'Access-Control-Allow-Headers': policy.allowHeaders,
      'Access-Control-Max-Age': '600',
    });
    res.status(204).end();
  };
}
