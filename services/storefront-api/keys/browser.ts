import type { Request } from 'express';

/**
 * A browser is recognised by what browsers send and servers do not: an `Origin` header (every cross-origin
 * request, and same-origin ones but GET/HEAD) or any `Sec-Fetch-*` fetch-metadata header (every request of a
 * current browser, which scripts cannot remove).
 */
export function isBrowserRequest(req: Request): boolean {
  return req.get('Origin') !== undefined || Object.keys(req.headers).some((name) => name.startsWith('sec-fetch-'));
}
