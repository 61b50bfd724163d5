import { compareStrings } from '../compare';
import type { FacetRequest, FacetResult, FacetValueCount, HierarchyValueCount } from '../facets';
import { parentPath, pathDepth } from '../hierarchy-path';
import { isRecord } from '../is-record';
import { docCount, readStats, readTerms, type Bucket } from './aggregate-reader';
import { facetAggName, isContextAgg, UNSIZED_FACET_BUCKETS } from './facet-aggs';
import { decodePair, type LabelPair } from './label-pairs';

/** A counted value with its folded label (what search-in-facet and suggest match on). */
export interface CountedValue extends FacetValueCount {
  folded: string;
}

const byCountThenValue = (a: CountedValue, b: CountedValue): number =>
  b.count - a.count || compareStrings(a.value, b.value);

/**
 * Decodes pair buckets into values, by count desc then value asc. Pairs of one value normally agree on its
 * label; should documents disagree, their buckets are merged so the count stays exact. Pure.
 */
export function countedValues(
  buckets: readonly Bucket[],
  decode: (term: string) => LabelPair = decodePair,
): CountedValue[] {
  const byValue = new Map<string, CountedValue>();
  for (const bucket of buckets) {
    const pair = decode(bucket.key);
    const known = byValue.get(pair.value);
    if (known === undefined)
      byValue.set(pair.value, { value: pair.value, label: pair.label, folded: pair.folded, count: bucket.count });
    else {
      known.count += bucket.count;
      known.label ??= pair.label;
    }
  }
  return [...byValue.values()].sort(byCountThenValue);
}

function plain({ value, label, count }: CountedValue): FacetValueCount {
  return { value, label, count };
}

function withPath({ value, label, count }: CountedValue): HierarchyValueCount {
  return { value, label, count, depth: pathDepth(value), parent: parentPath(value) };
}

/** The results of the requested facets from a search response's aggregations, in request order. Pure. */
export function mapFacets(facets: readonly FacetRequest[], aggregations: unknown): FacetResult[] {
  const counted = facetAggregates(aggregations);
  return facets.map((facet, position) => mapFacet(facet, counted.get(facetAggName(position)) ?? null));
}

/** Each facet's aggregation by name, from the contexts that count them (see facetAggs). */
function facetAggregates(aggregations: unknown): Map<string, Record<string, unknown>> {
  const counted = new Map<string, Record<string, unknown>>();
  if (!isRecord(aggregations)) return counted;
  for (const [name, context] of Object.entries(aggregations)) {
    if (!isContextAgg(name) || !isRecord(context)) continue;
    for (const [facet, aggregate] of Object.entries(context)) if (isRecord(aggregate)) counted.set(facet, aggregate);
  }
  return counted;
}

function mapFacet(facet: FacetRequest, aggregate: Record<string, unknown> | null): FacetResult {
  switch (facet.kind) {
    case 'terms':
    case 'hierarchy': {
      const terms = readTerms(aggregate);
      const all = countedValues(terms.buckets);
      const size = Math.max(0, facet.size ?? UNSIZED_FACET_BUCKETS);
      const kept = all.slice(0, size);
      const truncated = terms.othersLeftOut || kept.length < all.length;
      if (facet.kind === 'terms') return { kind: 'terms', key: facet.key, values: kept.map(plain), truncated };
      return { kind: 'hierarchy', key: facet.key, values: kept.map(withPath), truncated };
    }
    case 'range':
      return { kind: 'range', key: facet.key, ...readStats(aggregate) };
    case 'toggle':
      return { kind: 'toggle', key: facet.key, count: docCount(aggregate) };
  }
}
