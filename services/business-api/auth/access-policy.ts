import type { RequestHandler } from 'express';
import { forbidden } from '../../../shared/errors';
import type { AuthContext } from './auth-context';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// Writes a read-only key may still make: POST /sales-invoice-lines is a search (spec: Authentication 6).
const READ_ONLY_WRITES = new Set(['POST /sales-invoice-lines']);

/**
 * Why this caller may not make this call at all, or undefined when it may. `path` is relative to /api/v1.
 * A token with neither `read` nor `write` may call nothing; a read-only one no write but the search.
 * Paths are compared in lower case, as the router matches them (docs/decisions.md: paths ignore case).
 */
export function accessDenial(
  auth: Pick<AuthContext, 'readOnly' | 'canRead'>,
  method: string,
  path: string,
): string | undefined {
  if (!auth.canRead) return 'This token grants no access to the API.';
  if (!auth.readOnly || !WRITE_METHODS.has(method)) return undefined;
  const route = `${method} ${(path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase()}`;
  return READ_ONLY_WRITES.has(route) ? undefined : 'This key is read-only; writes are not allowed.';
}

/** 403 `forbidden` for calls the token's access level does not allow; mount after authenticate. */
export const enforceAccessLevel: RequestHandler = (req, _res, next) => {
  const denial = req.auth ? accessDenial(req.auth, req.method, req.path) : 'Not authenticated.';
  next(denial ? forbidden('forbidden', denial) : undefined);
};
