import type { estypes } from '@elastic/elasticsearch';
import { compareSuggestValues } from '../compare';
import type { JsonValue } from '../document';
import { FACET_VALUES_LIMIT, FACET_VALUES_POOL, type FacetValuesResponse } from '../facet-values';
import type { FacetRequest } from '../facets';
import type { SearchHit, SearchResponse } from '../search-request';
import { SUGGEST_VALUE_LIMIT, type SuggestValue } from '../suggest';
import { child, readTerms } from './aggregate-reader';
import { facetAggName } from './facet-aggs';
import { countedValues, mapFacets } from './facet-response';
import { POOL_AGG } from './facet-values-body';
import { decodePair, decodePrefixPair } from './label-pairs';

/** What a hit's `_source` holds (see HIT_SOURCE). */
export interface HitSource {
  id: string;
  card?: JsonValue;
}

export type EsSearchResponse = estypes.SearchResponse<HitSource>;

/** Hits of a response; the score is the text score, or 0 when the query had no text. Pure. */
export function mapHits(response: Pick<EsSearchResponse, 'hits'>, scored: boolean): SearchHit[] {
  return response.hits.hits.map((hit) => ({
    id: hit._source?.id ?? hit._id ?? '',
    score: scored && typeof hit._score === 'number' ? hit._score : 0,
    card: hit._source?.card ?? null,
  }));
}

/** The exact total (the body asks for track_total_hits: true). Pure. */
export function mapTotal(response: EsSearchResponse): number {
  const total = response.hits.total;
  return typeof total === 'number' ? total : (total?.value ?? 0);
}

/** A whole search response. Pure. */
export function mapSearchResponse(
  response: EsSearchResponse,
  facets: readonly FacetRequest[],
  scored: boolean,
): SearchResponse {
  return {
    total: mapTotal(response),
    hits: mapHits(response, scored),
    facets: mapFacets(facets, response.aggregations),
  };
}

/** Search-in-facet: values of the pool whose folded label contains the folded needle, at most 50. Pure. */
export function mapFacetValues(response: EsSearchResponse, needle: string): FacetValuesResponse {
  const pool = countedValues(readTerms(child(response.aggregations, POOL_AGG)).buckets).slice(0, FACET_VALUES_POOL);
  return {
    values: pool
      .filter((entry) => entry.folded.includes(needle))
      .slice(0, FACET_VALUES_LIMIT)
      .map(({ value, label, count }) => ({ value, label, count })),
  };
}

/**
 * Suggested values over all facet keys: label prefix match, by count desc, key, value. `analysed` says the
 * buckets are folded-first pairs (facetPrefixes); otherwise they are bare value keys. Pure.
 */
export function mapSuggestValues(
  response: EsSearchResponse,
  facetKeys: readonly string[],
  needle: string,
  analysed: boolean,
  limit = SUGGEST_VALUE_LIMIT,
): SuggestValue[] {
  if (needle === '') return [];
  const found: SuggestValue[] = [];
  const decode = analysed ? decodePrefixPair : decodePair;
  facetKeys.forEach((key, position) => {
    for (const entry of countedValues(
      readTerms(child(response.aggregations, facetAggName(position))).buckets,
      decode,
    )) {
      // The regex already filtered analysed languages; this check serves the unanalysed fallback pool.
      if (entry.folded.startsWith(needle))
        found.push({ key, value: entry.value, label: entry.label, count: entry.count });
    }
  });
  found.sort(compareSuggestValues);
  return found.slice(0, Math.max(0, limit));
}
