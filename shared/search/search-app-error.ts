import { type AppError, unavailable } from '../errors';
import { SearchEngineError } from './errors';

/**
 * The API answer to a search engine failure, or null when it is not one the API answers itself (a bug: 500).
 * An engine that cannot answer (UNAVAILABLE: timeout, lost connection, overloaded cluster) and a site alias that
 * does not exist yet (INDEX_NOT_FOUND: first build unfinished) are the spec's 503 `INDEX_UNAVAILABLE`.
 */
export function searchAppError(error: unknown): AppError | null {
  if (!(error instanceof SearchEngineError)) return null;
  if (error.code === 'UNAVAILABLE')
    return unavailable('INDEX_UNAVAILABLE', 'Search is unavailable right now; retry shortly.');
  if (error.code === 'INDEX_NOT_FOUND')
    return unavailable('INDEX_UNAVAILABLE', 'The catalogue index is being built; retry shortly.');
  return null;
}
