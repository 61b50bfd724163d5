import { isRelaxable } from '../facet-relaxation';
import type { SearchRequest } from '../search-request';
import { child, readTerms } from './aggregate-reader';
import { boolOf, filterClauses, type EsQuery } from './filter-clauses';
import type { IndexMeta } from './index-meta';
import { idsQuery, pinnedText } from './pin-clauses';
import { buildSearchBody, HIT_SOURCE, type SearchBody, type SearchQuery } from './search-body';
import { tierCountAgg, TIER_AGG, type Tier } from './tier-clauses';
import type { TypoTerms } from './typo-expansion';

// The bodies of a merchandised search beyond the plain one (see merchandised-search for the flow).

/** Name of the aggregation reading which concrete index the alias resolved to. */
export const INDEX_AGG = 'index';

/**
 * The first round's main body: the plain body's query, post_filter and facets, with no hits (the page is built
 * from windows of the natural order), plus the tier counts when the order is tiered, plus the concrete index
 * behind the alias (a terms aggregation on `_index`:
 * https://www.elastic.co/guide/en/elasticsearch/reference/8.18/mapping-index-field.html), so that the natural
 * windows are read from the index that was counted even if the alias is swapped meanwhile (merchandised-search).
 * Pure.
 */
export function countBody(
  request: SearchRequest,
  meta: IndexMeta,
  typos: TypoTerms | undefined,
  natural: { tiers: Record<Tier, EsQuery> | null; excluded: EsQuery[] },
): SearchBody {
  const body = buildSearchBody(request, meta, typos);
  // No hits are read from this body: no sort, no scores.
  delete body.sort;
  delete body.track_scores;
  const aggs: SearchBody['aggs'] = { ...body.aggs, [INDEX_AGG]: { terms: { field: '_index', size: 1 } } };
  if (natural.tiers !== null) {
    const relaxed = filterClauses((request.filters ?? []).filter(isRelaxable));
    aggs[TIER_AGG] = tierCountAgg(natural.tiers, relaxed, natural.excluded);
  }
  return { ...body, from: 0, size: 0, aggs };
}

/**
 * The pinned products that are in the answer, with their cards and scores: the answer's query (pinnedText, the
 * relaxable filters joined to it as there are no aggregations) narrowed to the pinned ids. Scores are the
 * query's, so a pin scores its text score, or 0 off the text. Pure.
 */
export function pinnedHitsBody(parts: SearchQuery, ids: readonly string[]): SearchBody {
  const filter = [...parts.fixed, ...filterClauses(parts.relaxable), idsQuery(ids)];
  const body: SearchBody = {
    query: boolOf(filter, pinnedText(parts.text, ids), parts.hidden),
    size: ids.length,
    track_total_hits: false,
    _source: HIT_SOURCE,
  };
  return body;
}

/** The concrete index a first-round response was served by, or null when it matched nothing. Pure. */
export function concreteIndex(aggregations: unknown): string | null {
  return readTerms(child(aggregations, INDEX_AGG)).buckets[0]?.key ?? null;
}
