import type { estypes } from '@elastic/elasticsearch';
import { facetRelaxes } from '../facet-relaxation';
import type { FacetRequest } from '../facets';
import type { Filter } from '../filters';
import { facetField, flagField, labelPairField, numberField } from './es-fields';
import { allOf, filterClause, type EsQuery } from './filter-clauses';

export type EsAggregation = estypes.AggregationsAggregationContainer;

/** Buckets asked for when a facet sets no size; the response says `truncated` beyond it. */
export const UNSIZED_FACET_BUCKETS = 10_000;

/** Count desc, then value asc: pair terms sort like their values (see label-pairs). */
const BUCKET_ORDER: Record<string, estypes.SortOrder>[] = [{ _count: 'desc' }, { _key: 'asc' }];

/** Name of the aggregation of the i-th requested facet (keys may hold characters aggregation names cannot). */
export function facetAggName(position: number): string {
  return `facet_${position}`;
}

/** Label pairs when the language is analysed in the index, else the bare value keys (labels then null). */
export function valueField(key: string, language: string, analysed: boolean): string {
  return analysed ? labelPairField(key, language) : facetField(key);
}

/** The terms aggregation counting one facet's values. */
export function valuesAgg(field: string, size: number, include?: string): EsAggregation {
  const terms: estypes.AggregationsTermsAggregation = { field, size: Math.max(1, size), order: BUCKET_ORDER };
  if (include !== undefined) terms.include = include;
  return { terms };
}

/** The facet's context: every relaxable shopper filter except those the facet relaxes. */
function facetContext(facet: FacetRequest, relaxable: readonly Filter[]): EsQuery[] {
  return relaxable
    .filter((filter) => !facetRelaxes(facet, filter))
    .map(filterClause)
    .filter((clause): clause is EsQuery => clause !== null);
}

/**
 * One filter aggregation per facet (disjunctive faceting). The aggregations run on the main query, which
 * already holds market, text, scope and the filters no facet relaxes; each facet then re-applies the
 * post_filter's clauses except its own. A toggle facet's flag joins that filter, so its doc_count is the answer.
 */
export function facetAggs(
  facets: readonly FacetRequest[],
  relaxable: readonly Filter[],
  language: string,
  analysed: boolean,
): Record<string, EsAggregation> {
  const aggs: Record<string, EsAggregation> = {};
  facets.forEach((facet, position) => {
    const context = facetContext(facet, relaxable);
    aggs[facetAggName(position)] = facetAgg(facet, context, language, analysed);
  });
  return aggs;
}

function facetAgg(facet: FacetRequest, context: EsQuery[], language: string, analysed: boolean): EsAggregation {
  switch (facet.kind) {
    case 'terms':
    case 'hierarchy': {
      const size = facet.size ?? UNSIZED_FACET_BUCKETS;
      return { filter: allOf(context), aggs: { values: valuesAgg(valueField(facet.key, language, analysed), size) } };
    }
    case 'range':
      return { filter: allOf(context), aggs: { stats: { stats: { field: numberField(facet.key) } } } };
    case 'toggle':
      return { filter: allOf([...context, { term: { [flagField(facet.key)]: true } }]) };
  }
}
