import { badRequest } from '../../../shared/errors';

/**
 * Opaque paging cursors: the keyset values of the last row of a page (as PostgreSQL printed them, so
 * timestamps keep their microseconds), base64url-encoded JSON. Clients must treat them as opaque.
 */
export function encodeCursor(values: readonly string[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** 400 `invalid_request` for a cursor that is not one this API handed out (malformed, forged or corrupted). */
export const invalidCursor = () =>
  badRequest('invalid_request', 'The cursor is not valid; pass the nextCursor of a previous page.');

/** The keyset values of a cursor with `arity` values; 400 `invalid_request` for anything else. */
export function decodeCursor(cursor: string, arity: number): string[] {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const ok =
    Array.isArray(decoded) && decoded.length === arity && decoded.every((v) => typeof v === 'string' && v !== '');
  if (!ok) throw invalidCursor();
  return decoded as string[];
}
