/**
 * Codes every engine uses for lifecycle failures, so callers never branch on engine-specific errors.
 * UNAVAILABLE: the engine could not answer in time or at all (a node down, a timeout, a cluster refusing
 * work); the storefront API answers it with 503 (see search-app-error). ALIAS_CONFLICT: another writer kept moving the alias.
 */
export type SearchEngineErrorCode =
  | 'INDEX_NOT_FOUND'
  | 'INDEX_EXISTS'
  | 'ALIAS_NOT_FOUND'
  | 'INVALID_NAME'
  | 'UNAVAILABLE'
  | 'ALIAS_CONFLICT';

/** A lifecycle or lookup failure raised by any engine behind the port. */
export class SearchEngineError extends Error {
  constructor(
    readonly code: SearchEngineErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SearchEngineError';
  }
}
