import { badRequest } from '../../../shared/errors';

export const MAX_SUGGEST_QUERY = 100;

/**
 * Suggest and search-in-facet `q`: 1 to 100 characters after trimming; anything else is 400 INVALID_QUERY (no
 * truncation).
 */
export function requiredQuery(raw: string | undefined): string {
  const q = (raw ?? '').trim();
  if (q === '') throw badRequest('INVALID_QUERY', 'q is required: 1 to 100 characters.');
  if ([...q].length > MAX_SUGGEST_QUERY)
    throw badRequest('INVALID_QUERY', `q is at most ${MAX_SUGGEST_QUERY} characters.`);
  return q;
}
