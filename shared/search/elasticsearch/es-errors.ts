import { errors } from '@elastic/elasticsearch';
import { SearchEngineError, type SearchEngineErrorCode } from '../errors';

/** Elasticsearch's error type and HTTP status of a failed call, or null for non-response failures. */
function responseErrorOf(error: unknown): { type: string; reason: string; status: number } | null {
  if (!(error instanceof errors.ResponseError)) return null;
  const body: unknown = error.body;
  const cause = typeof body === 'object' && body !== null && 'error' in body ? body.error : null;
  const read = (key: string): string =>
    typeof cause === 'object' && cause !== null && key in cause ? String((cause as Record<string, unknown>)[key]) : '';
  return { type: read('type'), reason: read('reason') || error.message, status: error.meta.statusCode ?? 0 };
}

const REQUIRED_ALIAS_MISSING = /^required alias \[.*\] does not exist/;

function codeOf(type: string, reason: string): SearchEngineErrorCode | null {
  switch (type) {
    case 'index_not_found_exception':
      return 'INDEX_NOT_FOUND';
    case 'resource_already_exists_exception':
      return 'INDEX_EXISTS';
    case 'invalid_index_name_exception':
      // Elasticsearch refuses an index named like an existing alias with this type; the port calls it taken.
      return /alias/i.test(reason) ? 'INDEX_EXISTS' : 'INVALID_NAME';
    case 'invalid_alias_name_exception':
      return 'INVALID_NAME';
    case 'aliases_not_found_exception':
      return 'ALIAS_NOT_FOUND';
    case 'resource_not_found_exception':
      // Before 8.14 a `must_exist` remove of a missing alias fails with this generic type ("required alias [x]
      // does not exist"); 8.14+ answers aliases_not_found_exception. Other missing resources keep their error.
      return REQUIRED_ALIAS_MISSING.test(reason) ? 'ALIAS_NOT_FOUND' : null;
    default:
      return null;
  }
}

/** HTTP statuses of a cluster that cannot serve right now (no master, shards unavailable, overloaded, a proxy timing out). */
const UNAVAILABLE_STATUSES = new Set([429, 502, 503, 504]);

/**
 * True when the cluster could not answer: no connection, no living node, the request timeout passed, or a
 * status saying "not now". The client raises these as TimeoutError, ConnectionError and NoLivingConnectionsError
 * (https://www.elastic.co/guide/en/elasticsearch/client/javascript-api/current/timeout-best-practices.html).
 */
export function isUnavailable(error: unknown): boolean {
  if (
    error instanceof errors.TimeoutError ||
    error instanceof errors.ConnectionError ||
    error instanceof errors.NoLivingConnectionsError
  )
    return true;
  const status = responseErrorOf(error)?.status;
  return status !== undefined && UNAVAILABLE_STATUSES.has(status);
}

/** Translates failures into port codes; anything else (mapping errors, bad requests) passes unchanged. */
export function toPortError(error: unknown, target: string): unknown {
  const response = responseErrorOf(error);
  const code = response === null ? null : codeOf(response.type, response.reason);
  if (response !== null && code !== null) return new SearchEngineError(code, `${target}: ${response.reason}`);
  if (isUnavailable(error))
    return new SearchEngineError('UNAVAILABLE', `${target}: ${error instanceof Error ? error.message : String(error)}`);
  return error;
}

/**
 * The failure of one search of an `_msearch`, which answers 200 with an `error` item in that search's place
 * (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/search-multi-search.html#search-multi-search-api-response-body),
 * in the same port terms as a failed call.
 */
export function msearchItemError(
  item: { error: { type?: string; reason?: string | null }; status: number },
  target: string,
): Error {
  const type = item.error.type ?? '';
  const reason = item.error.reason ?? type;
  const code = codeOf(type, reason) ?? (UNAVAILABLE_STATUSES.has(item.status) ? 'UNAVAILABLE' : null);
  if (code !== null) return new SearchEngineError(code, `${target}: ${reason}`);
  return new Error(`${target}: _msearch item failed with ${item.status} ${type}: ${reason}`);
}

/** Runs one client call and rethrows its failure in port terms. */
export async function esCall<T>(target: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toPortError(error, target);
  }
}

/** True for a 404 answer (a missing alias on lookup is an answer, not a failure). */
export function isNotFound(error: unknown): boolean {
  return responseErrorOf(error)?.status === 404;
}

/** Elasticsearch's `type: reason` of a refused call, or the error's message. */
export function errorReason(error: unknown): string {
  const response = responseErrorOf(error);
  if (response !== null) return response.type === '' ? response.reason : `${response.type}: ${response.reason}`;
  return error instanceof Error ? error.message : String(error);
}

/** True when the request body was over the node's `http.max_content_length` (HTTP 413). */
export function isTooLarge(error: unknown): boolean {
  return responseErrorOf(error)?.status === 413;
}

/** True when the whole request was rejected for back-pressure (HTTP 429). */
export function isTooManyRequests(error: unknown): boolean {
  return responseErrorOf(error)?.status === 429;
}
