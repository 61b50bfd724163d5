import type { FacetValueCount } from './facets';
import type { Filter } from './filters';

/** Most common values of one facet considered by search-in-facet, and the most it returns. */
export const FACET_VALUES_POOL = 1000;
export const FACET_VALUES_LIMIT = 50;

/**
 * Search-in-facet: among the facet's 1000 most common values in the filter context (own `any` filter
 * relaxed), those whose folded label (or value key when unlabelled) contains the folded `q`.
 * No free text and no collection scope apply.
 */
export interface FacetValuesRequest {
  key: string;
  q: string;
  language: string;
  market: string;
  filters?: Filter[];
}

/** At most 50 values, by count descending then value ascending. */
export interface FacetValuesResponse {
  values: FacetValueCount[];
}
