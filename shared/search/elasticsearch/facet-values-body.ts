import { facetRelaxes } from '../facet-relaxation';
import { FACET_VALUES_POOL, type FacetValuesRequest } from '../facet-values';
import { facetAggName, valuesAgg, valueField } from './facet-aggs';
import { filterClauses, marketClause } from './filter-clauses';
import type { IndexMeta } from './index-meta';
import type { SearchBody } from './search-body';

/** Aggregation name of the search-in-facet pool. */
export const POOL_AGG = facetAggName(0);

/**
 * Search-in-facet: the facet's 1000 most common values in the filter context (its own `any` filters relaxed,
 * no text, no scope). Matching `q` against folded labels happens on the pool afterwards, as the contract
 * defines the pool before the match. Pure.
 */
export function buildFacetValuesBody(request: FacetValuesRequest, meta: IndexMeta): SearchBody {
  const analysed = meta.languages.includes(request.language);
  const facet = { kind: 'terms' as const, key: request.key };
  const kept = (request.filters ?? []).filter((filter) => !facetRelaxes(facet, filter));
  return {
    size: 0,
    track_total_hits: false,
    query: { bool: { filter: [marketClause(request.market), ...filterClauses(kept)] } },
    aggs: { [POOL_AGG]: valuesAgg(valueField(request.key, request.language, analysed), FACET_VALUES_POOL) },
  };
}
