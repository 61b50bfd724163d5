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

/** Names of the facet contexts' filter aggregations (`context_<i>`); the facets counted in one are its children. */
const CONTEXT_AGG = 'context_';

/** Whether an aggregation name is a facet context's (see facetAggs). */
export const isContextAgg = (name: string): boolean => name.startsWith(CONTEXT_AGG);

/**
 * Disjunctive faceting: each facet counts under the post_filter's clauses except its own. The aggregations run on
 * the main query, which already holds market, text, scope and the filters no facet relaxes. Facets that re-apply
 * the same clauses share one filter aggregation (`context_i`), so Elasticsearch evaluates each context once: every
 * facet without a selection of its own shares the post_filter's. Each facet's aggregation (`facet_<position>`)
 * is a child of its context's: a terms or stats aggregation, or a toggle's flag filter, whose doc_count is the answer.
 */
export function facetAggs(
  facets: readonly FacetRequest[],
  relaxable: readonly Filter[],
  language: string,
  analysed: boolean,
): Record<string, EsAggregation> {
  const contexts = new Map<string, { filter: EsQuery; aggs: Record<string, EsAggregation> }>();
  const aggs: Record<string, EsAggregation> = {};
  facets.forEach((facet, position) => {
    // The same filters give the same clauses: a context is named by the positions of the filters it re-applies.
    const applied = relaxable.flatMap((filter, i) => (facetRelaxes(facet, filter) ? [] : [i]));
    const key = applied.join(',');
    let context = contexts.get(key);
    if (context === undefined) {
      context = { filter: allOf(clausesOf(applied.map((i) => relaxable[i] as Filter))), aggs: {} };
      aggs[`${CONTEXT_AGG}${contexts.size}`] = context;
      contexts.set(key, context);
    }
    context.aggs[facetAggName(position)] = facetAgg(facet, language, analysed);
  });
  return aggs;
}

function clausesOf(filters: readonly Filter[]): EsQuery[] {
  return filters.map(filterClause).filter((clause): clause is EsQuery => clause !== null);
}

function facetAgg(facet: FacetRequest, language: string, analysed: boolean): EsAggregation {
  switch (facet.kind) {
    case 'terms':
    case 'hierarchy':
      return valuesAgg(valueField(facet.key, language, analysed), facet.size ?? UNSIZED_FACET_BUCKETS);
    case 'range':
      return { stats: { field: numberField(facet.key) } };
    case 'toggle':
      return { filter: { term: { [flagField(facet.key)]: true } } };
  }
}
