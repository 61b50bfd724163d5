import { foldedNeedle } from '../../analysis/fold';
import { facetRelaxes } from '../../facet-relaxation';
import { FACET_VALUES_LIMIT, FACET_VALUES_POOL, type FacetValuesRequest, type FacetValuesResponse } from '../../facet-values';
import { andInto, popcount } from '../bitset';
import { valueCounts } from './facet-compute';
import { rankedValueIds } from './facet-results';
import { filterInto } from './filter-bits';
import type { IndexRuntime } from './index-runtime';

/** Search-in-facet (see FacetValuesRequest): the facet's own `any` filters are relaxed, as in its counts. */
export function runFacetValues(runtime: IndexRuntime, request: FacetValuesRequest): FacetValuesResponse {
  const { data, scratch } = runtime;
  scratch.reset();
  const column = data.facets.get(request.key);
  if (column === undefined) return { values: [] };
  const bits = scratch.acquire();
  const spare = scratch.acquire();
  const filterBits = scratch.acquire();
  bits.set(runtime.market(request.market));
  const facet = { kind: 'terms', key: request.key } as const;
  for (const filter of request.filters ?? []) {
    if (facetRelaxes(facet, filter)) continue;
    filterInto(data, filter, filterBits, spare);
    andInto(bits, filterBits);
  }
  const counts = valueCounts(runtime, request.key, { bits, size: popcount(bits), market: request.market, language: request.language });
  if (counts === null) return { values: [] };
  const needle = foldedNeedle(request.q);
  const folded = runtime.foldedLabels(request.language, column);
  const labels = column.labels.get(request.language);
  const matching = rankedValueIds(counts, column.values.length, FACET_VALUES_POOL)
    .ids.filter((id) => (folded[id] as string).includes(needle))
    .slice(0, FACET_VALUES_LIMIT);
  return {
    values: matching.map((id) => ({ value: column.values[id] as string, label: labels?.[id] ?? null, count: counts[id] as number })),
  };
}
