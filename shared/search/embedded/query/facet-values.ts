import { foldedNeedle } from '../../analysis/fold';
import { facetRelaxes } from '../../facet-relaxation';
import {
  FACET_VALUES_LIMIT,
  FACET_VALUES_POOL,
  type FacetValuesRequest,
  type FacetValuesResponse,
} from '../../facet-values';
import { andInto, popcount } from '../bitset';
import { valueCounts } from './facet-compute';
import { rankedValueIds } from './facet-results';
import { filterInto } from './filter-bits';
import type { IndexRuntime } from './index-runtime';
import type { LiveIndex } from './live-index';

/** Search-in-facet (see FacetValuesRequest): the facet's own `any` filters are relaxed, as in its counts. */
export function runFacetValues(index: LiveIndex, request: FacetValuesRequest): FacetValuesResponse {
  const union = index.union(request.key);
  if (union === null) return { values: [] };
  const counts = index.countValues(union, (segment) => segmentCounts(segment, request));
  const needle = foldedNeedle(request.q);
  const folded = index.foldedLabels(request.language, union);
  const labels = union.labels.get(request.language);
  const matching = rankedValueIds(counts, union.values.length, FACET_VALUES_POOL)
    .ids.filter((id) => (folded[id] as string).includes(needle))
    .slice(0, FACET_VALUES_LIMIT);
  return {
    values: matching.map((id) => ({
      value: union.values[id] as string,
      label: labels?.[id] ?? null,
      count: counts[id] as number,
    })),
  };
}

/** One segment's counts of the facet over the market and the filters it does not relax. */
function segmentCounts(segment: IndexRuntime, request: FacetValuesRequest): Uint32Array | null {
  const { data, scratch } = segment;
  scratch.reset();
  const bits = scratch.acquire();
  const spare = scratch.acquire();
  const filterBits = scratch.acquire();
  bits.set(segment.market(request.market));
  const facet = { kind: 'terms', key: request.key } as const;
  for (const filter of request.filters ?? []) {
    if (facetRelaxes(facet, filter)) continue;
    filterInto(data, filter, filterBits, spare);
    andInto(bits, filterBits);
  }
  return valueCounts(segment, request.key, { bits, size: popcount(bits), market: request.market });
}
