import type { Request } from 'express';
import { badRequest } from '../../../shared/errors';
import { FilterSyntaxError, parseFilterParams } from '../../../shared/listing/filter-grammar';
import type { ListingParams } from './listing-plan';

/** The raw query parameters of a request, as decoded name/value pairs in order. */
export function queryPairs(req: Request): [string, string][] {
  const at = req.originalUrl.indexOf('?');
  if (at < 0) return [];
  try {
    return [...new URLSearchParams(req.originalUrl.slice(at + 1))];
  } catch {
    return [];
  }
}

/** The filters of a request; a malformed filter parameter is 400 INVALID_FILTER. */
export function readFilters(pairs: Iterable<[string, string]>): ListingParams['filters'] {
  try {
    return parseFilterParams(pairs);
  } catch (err) {
    if (err instanceof FilterSyntaxError) throw badRequest('INVALID_FILTER', err.message);
    throw err;
  }
}

/** A listing's parameters: the first of each plain one, every filter. */
export function listingParams(req: Request): ListingParams {
  const pairs = queryPairs(req);
  const first = (name: string) => pairs.find(([n]) => n === name)?.[1];
  return {
    q: first('q'),
    page: first('page'),
    pageSize: first('pageSize'),
    sort: first('sort'),
    collection: first('collection'),
    filters: readFilters(pairs),
  };
}
