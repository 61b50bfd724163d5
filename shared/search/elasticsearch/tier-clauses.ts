import type { FilterSet } from '../merchandising';
import type { SearchRequest } from '../search-request';
import { child, docCount } from './aggregate-reader';
import type { EsAggregation } from './facet-aggs';
import { allOf, filterClauses, type EsQuery } from './filter-clauses';

// Boost and bury as exact rank tiers (rankTier): the natural order is the documents of tier 1, then 0, then -1,
// each in relevance order. Scores are not touched: a weight added to float32 scores would reorder near-ties.

export type Tier = 'top' | 'middle' | 'bottom';

/** Tiers in answer order: rankTier 1, 0, -1. */
export const TIERS: readonly Tier[] = ['top', 'middle', 'bottom'];

/** Name of the main body's aggregation counting the natural order's documents per tier. */
export const TIER_AGG = 'tiers';

/** True when the request's order is tiered: boosts or buries, and the relevance sort (others ignore them). */
export function isTiered(request: Pick<SearchRequest, 'sort' | 'boost' | 'bury'>): boolean {
  const sets = (request.boost?.length ?? 0) + (request.bury?.length ?? 0);
  return sets > 0 && (request.sort ?? 'relevance') === 'relevance';
}

/** A document in any of the sets: a set is an AND of filters (a set constraining nothing matches all). */
function inAnySet(sets: readonly FilterSet[]): EsQuery {
  if (sets.length === 0) return { match_none: {} };
  return { bool: { should: sets.map((set) => allOf(filterClauses(set))), minimum_should_match: 1 } };
}

/**
 * The filter of each tier, for boost sets B and bury sets U: top = B and not U, middle = both or neither
 * (not (B xor U)), bottom = U and not B; bool clauses in filter context
 * (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/query-dsl-bool-query.html). Pure.
 */
export function tierClauses(boost: readonly FilterSet[], bury: readonly FilterSet[]): Record<Tier, EsQuery> {
  const b = inAnySet(boost);
  const u = inAnySet(bury);
  return {
    top: { bool: { filter: [b], must_not: [u] } },
    middle: {
      bool: { should: [{ bool: { filter: [b, u] } }, { bool: { must_not: [b, u] } }], minimum_should_match: 1 },
    },
    bottom: { bool: { filter: [u], must_not: [b] } },
  };
}

/**
 * Counts per tier of the natural order. Aggregations run on the main query without its post_filter, so the
 * outer filter re-applies the post_filter's clauses (`context`) and leaves out the pinned ids (`excluded`); a
 * `filters` aggregation then counts each tier
 * (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/search-aggregations-bucket-filters-aggregation.html). Pure.
 */
export function tierCountAgg(tiers: Record<Tier, EsQuery>, context: EsQuery[], excluded: EsQuery[]): EsAggregation {
  const scope: EsQuery =
    context.length === 0 && excluded.length === 0
      ? { match_all: {} }
      : { bool: { filter: context, ...(excluded.length > 0 ? { must_not: excluded } : {}) } };
  return { filter: scope, aggs: { [TIER_AGG]: { filters: { filters: { ...tiers } } } } };
}

/** The tier counts of a main response (0 for a tier not answered). Pure. */
export function readTierCounts(aggregations: unknown): Record<Tier, number> {
  const buckets = child(child(child(aggregations, TIER_AGG), TIER_AGG), 'buckets');
  return {
    top: docCount(child(buckets, 'top')),
    middle: docCount(child(buckets, 'middle')),
    bottom: docCount(child(buckets, 'bottom')),
  };
}

/** The part of one tier a window of the natural order spans: its offset and length within the tier. */
export interface TierWindow {
  tier: Tier;
  from: number;
  size: number;
}

/** The tier windows making up [from, from + size) of the natural order, in order. Pure. */
export function tierWindows(counts: Record<Tier, number>, from: number, size: number): TierWindow[] {
  const windows: TierWindow[] = [];
  let start = 0;
  for (const tier of TIERS) {
    const end = start + counts[tier];
    const low = Math.max(from, start);
    const high = Math.min(from + size, end);
    if (high > low) windows.push({ tier, from: low - start, size: high - low });
    start = end;
  }
  return windows;
}
