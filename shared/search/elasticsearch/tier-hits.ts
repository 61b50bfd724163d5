import type { SearchRequest } from '../search-request';
import { child } from './aggregate-reader';
import type { EsAggregation } from './facet-aggs';
import type { EsQuery } from './filter-clauses';
import type { EsSearchResponse } from './query-responses';
import { HIT_SOURCE, windowBody, type SearchBody, type SearchQuery } from './search-body';
import type { Tier, TierWindow } from './tier-clauses';

// The speculative windows of a tiered order in ONE search: a search per tier costs the fixed price of a search
// (parse, rewrite, query and fetch phases) once per tier, which is most of the time of a small answer.

/** Name of the top_hits aggregation inside each tier's filter aggregation. */
export const HITS_AGG = 'hits';

/**
 * Most ranks one window of it can reach: top_hits refuses `from + size` above `index.max_inner_result_window`,
 * 100 unless an index sets it (the adapter's do not):
 * https://www.elastic.co/guide/en/elasticsearch/reference/8.18/index-modules.html#index-max-inner-result-window
 */
export const MAX_INNER_RESULT_WINDOW = 100;

/**
 * Windows of several tiers of the natural order in one body: the window query without a tier (relaxable filters
 * in the query, pinned ids left out), no hits of its own, and per window a `filter` aggregation on its tier
 * holding a `top_hits` of the window, sorted as the window is
 * (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/search-aggregations-metrics-top-hits-aggregation.html).
 * Aggregations see the query's documents with the query's scores, and a filter scores nothing, so each window
 * answers what windowBody narrowed to its tier answers: the same documents, order and scores. Windows must end
 * within MAX_INNER_RESULT_WINDOW. Pure.
 */
export function tierHitsBody(
  request: SearchRequest,
  parts: SearchQuery,
  natural: { tiers: Record<Tier, EsQuery>; excluded: EsQuery[] },
  windows: readonly TierWindow[],
): SearchBody {
  const plain = windowBody(request, parts, { filter: [], mustNot: natural.excluded }, { from: 0, size: 0 });
  const aggs: Record<string, EsAggregation> = {};
  for (const window of windows) {
    const hits: EsAggregation = {
      top_hits: {
        from: window.from,
        size: window.size,
        sort: plain.sort,
        _source: HIT_SOURCE,
        ...(plain.track_scores === true ? { track_scores: true } : {}),
      },
    };
    aggs[window.tier] = { filter: natural.tiers[window.tier], aggs: { [HITS_AGG]: hits } };
  }
  // size 0 and no total: the documents are read from the aggregations only.
  return { query: plain.query, size: 0, track_total_hits: false, aggs };
}

/**
 * The hits of each window from a tierHitsBody response's aggregations, in the order of `windows`, shaped as a
 * search response's hits (no hits when a window is missing). Pure.
 */
export function readTierHits(aggregations: unknown, windows: readonly TierWindow[]): Pick<EsSearchResponse, 'hits'>[] {
  return windows.map((window) => {
    const found = child(child(child(aggregations, window.tier), HITS_AGG), 'hits')?.hits;
    // The hits come as Elasticsearch wrote them; mapHits reads each field defensively.
    return { hits: { hits: Array.isArray(found) ? (found as EsSearchResponse['hits']['hits']) : [] } };
  });
}
