import type { FacetRequest, FacetResult, RangeFacetResult } from '../../facets';
import { countAnd, hasBit } from '../bitset';
import type { NumericColumn } from '../index-data';
import { countInContext } from './facet-count';
import { hierarchyValues, termsValues } from './facet-results';
import type { IndexRuntime } from './index-runtime';

/** The documents a facet is counted over: a subset of `market`, with its size. */
export interface FacetContext {
  bits: Uint32Array;
  size: number;
  market: string;
  language: string;
}

/** One facet's result over its context. */
export function computeFacet(runtime: IndexRuntime, request: FacetRequest, context: FacetContext): FacetResult {
  const { data } = runtime;
  switch (request.kind) {
    case 'terms':
    case 'hierarchy': {
      const counts = valueCounts(runtime, request.key, context);
      const column = data.facets.get(request.key);
      if (column === undefined || counts === null) return { kind: request.kind, key: request.key, values: [], truncated: false };
      if (request.kind === 'terms') return { kind: 'terms', key: request.key, ...termsValues(column, counts, context.language, request.size) };
      return { kind: 'hierarchy', key: request.key, ...hierarchyValues(column, runtime.parents(column), counts, context.language, request.size) };
    }
    case 'range':
      return rangeStats(request.key, data.numbers.get(request.key), context.bits);
    case 'toggle': {
      const flag = data.flags.get(request.key);
      return { kind: 'toggle', key: request.key, count: flag === undefined ? 0 : countAnd(context.bits, flag) };
    }
  }
}

/** Per-value counts over the context in the scratch counter buffer, or null for an unknown facet. */
export function valueCounts(runtime: IndexRuntime, key: string, context: FacetContext): Uint32Array | null {
  const column = runtime.data.facets.get(key);
  if (column === undefined) return null;
  const counts = runtime.scratch.zeroedCounts(column.values.length);
  const market = runtime.market(context.market);
  const marketCounts = runtime.marketCounts(context.market, column);
  const spare = runtime.scratch.acquire();
  countInContext(column.docValues, context.bits, context.size, market, runtime.marketSize(context.market), marketCounts, counts, spare);
  return counts;
}

/** Min and max along the presorted permutations: the first member of the context from each end. */
function rangeStats(key: string, column: NumericColumn | undefined, bits: Uint32Array): RangeFacetResult {
  if (column === undefined) return { kind: 'range', key, min: null, max: null, count: 0 };
  const count = countAnd(bits, column.present);
  if (count === 0) return { kind: 'range', key, min: null, max: null, count };
  return { kind: 'range', key, min: firstValue(column, column.ascending, bits), max: firstValue(column, column.descending, bits), count };
}

function firstValue(column: NumericColumn, order: Uint32Array, bits: Uint32Array): number | null {
  for (let i = 0; i < order.length; i++) {
    const d = order[i] as number;
    if (hasBit(bits, d)) return column.values[d] as number;
  }
  return null;
}
