/** Codes every engine uses for lifecycle failures, so callers never branch on engine-specific errors. */
export type SearchEngineErrorCode = 'INDEX_NOT_FOUND' | 'INDEX_EXISTS' | 'ALIAS_NOT_FOUND' | 'INVALID_NAME';

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
