import { types } from 'node:util';
import { UnavailableError } from '../errors';

/** How long a client should wait before retrying while the database is out: long enough for a restart or failover. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// Socket errors the pg driver passes on as they are when it cannot reach the server.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// SQLSTATEs of a server that is going away or not taking connections (class 08 is handled as a whole).
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
// What pg says, without a code, when the server goes away under an open connection.
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /connection error and is not queryable/,
  /^Connection ended unexpectedly/,
];

/**
 * Whether `err` means the database could not be reached (or went away), rather than that a query was wrong:
 * a socket error, a server shutting down or refusing connections, a dropped connection, or no pooled
 * connection within knex's acquire timeout.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  // isNativeError also knows errors made in another realm (Node's own, seen from a jest or vm context).
  if (!(err instanceof Error || types.isNativeError(err))) return false;
  const code = 'code' in err && typeof err.code === 'string' ? err.code : '';
  if (NETWORK_CODES.has(code) || SERVER_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  if (err.name === 'KnexTimeoutError') return true;
  return DRIVER_MESSAGES.some((pattern) => pattern.test(err.message));
}

/** The 503 to answer for an unreachable database, or undefined for any other error. */
export function databaseOutage(err: unknown): UnavailableError | undefined {
  if (!isDatabaseUnreachable(err)) return undefined;
  return new UnavailableError(
    DATABASE_RETRY_AFTER_SECONDS,
    'The database is unavailable; retry after the number of seconds in Retry-After.',
  );
}
