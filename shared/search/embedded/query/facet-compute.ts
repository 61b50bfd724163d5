import type { FacetRequest, FacetResult, RangeFacetResult } from '../../facets';
import { countAnd, forEachBit, hasBit } from '../bitset';
import type { NumericColumn, Rows } from '../index-data';
import { countInContext, countsComplement, listBits } from './facet-count';
import { hierarchyValues, termsValues } from './facet-results';
import type { IndexRuntime } from './index-runtime';
import type { JointFacets } from './joint-facets';
import type { LiveIndex } from './live-index';

/** The documents of one segment a facet is counted over: a subset of the segment's live `market`, with its size. */
export interface FacetContext {
  bits: Uint32Array;
  size: number;
  market: string;
  /** The only words of `bits` that can be non-zero, read alone (null or absent: every word may be). */
  words?: Uint32Array | null;
  /** Joint rows of the facets a search counts over this context (see JointFacets): counted together, in one pass. */
  joint?: JointFacets | null | undefined;
}

/** One facet's result over its context in every segment (`contexts[i]` belongs to segment i). */
export function computeFacet(
  index: LiveIndex,
  request: FacetRequest,
  contexts: readonly FacetContext[],
  language: string,
): FacetResult {
  switch (request.kind) {
    case 'terms':
    case 'hierarchy': {
      const union = index.union(request.key);
      if (union === null) return { kind: request.kind, key: request.key, values: [], truncated: false };
      const counts = index.countValues(union, (segment, i) =>
        valueCounts(segment, request.key, contexts[i] as FacetContext),
      );
      if (request.kind === 'terms')
        return { kind: 'terms', key: request.key, ...termsValues(union, counts, language, request.size) };
      return {
        kind: 'hierarchy',
        key: request.key,
        ...hierarchyValues(union, union.parents, counts, language, request.size),
      };
    }
    case 'range':
      return mergeRanges(
        request.key,
        index.segments.map((segment, i) =>
          rangeStats(request.key, segment.data.numbers.get(request.key), contexts[i] as FacetContext),
        ),
      );
    case 'toggle': {
      let count = 0;
      index.segments.forEach((segment, i) => {
        const flag = segment.data.flags.get(request.key);
        const context = contexts[i] as FacetContext;
        if (flag !== undefined) count += countAnd(context.bits, flag, context.words ?? null);
      });
      return { kind: 'toggle', key: request.key, count };
    }
  }
}

/** Per-value counts of one segment over the context, in its scratch buffers; null for a facet it lacks. */
export function valueCounts(segment: IndexRuntime, key: string, context: FacetContext): Uint32Array | null {
  const column = segment.data.facets.get(key);
  if (column === undefined) return null;
  const joint = context.joint;
  const base = joint?.base.get(key);
  if (joint != null && base !== undefined) {
    const counts = segment.scratch.countsFor(context, joint.size, (out) =>
      countContext(segment, joint.rows, segment.jointMarketCounts(context.market, joint), context, out, joint.size),
    );
    return counts.subarray(base, base + column.values.length);
  }
  const counts = segment.scratch.zeroedCounts(column.values.length);
  countContext(
    segment,
    column.docValues,
    segment.marketCounts(context.market, column),
    context,
    counts,
    column.values.length,
  );
  return counts;
}

/**
 * The context's counts of `size` values over `rows` into zeroed `counts` (`marketCounts`: the same rows' over the
 * market).
 */
function countContext(
  segment: IndexRuntime,
  rows: Rows,
  marketCounts: Uint32Array,
  context: FacetContext,
  counts: Uint32Array,
  size: number,
): void {
  const market = segment.market(context.market);
  const complement = countsComplement(context.size, segment.marketSize(context.market));
  const listed = segment.scratch.listFor(context, (out) =>
    complement ? listBits(market, context.bits, out) : listBits(context.bits, null, out, context.words ?? null),
  );
  countInContext(rows, listed, complement, marketCounts, counts, size);
}

function mergeRanges(key: string, parts: readonly RangeFacetResult[]): RangeFacetResult {
  let min: number | null = null;
  let max: number | null = null;
  let count = 0;
  for (const part of parts) {
    count += part.count;
    if (part.min !== null && (min === null || part.min < min)) min = part.min;
    if (part.max !== null && (max === null || part.max > max)) max = part.max;
  }
  return { kind: 'range', key, min, max, count };
}

/**
 * Min and max along the presorted permutations: the first member of the context from each end. A walk from an
 * end meets a member after about (documents / context size) steps, so a small context is read directly instead.
 */
function rangeStats(key: string, column: NumericColumn | undefined, context: FacetContext): RangeFacetResult {
  if (column === undefined) return { kind: 'range', key, min: null, max: null, count: 0 };
  const { bits } = context;
  const words = context.words ?? null;
  const count = countAnd(bits, column.present, words);
  if (count === 0) return { kind: 'range', key, min: null, max: null, count };
  if (context.size * 64 < column.ascending.length)
    return { kind: 'range', key, ...extremes(column.values, bits, words), count };
  return {
    kind: 'range',
    key,
    min: firstValue(column, column.ascending, bits),
    max: firstValue(column, column.descending, bits),
    count,
  };
}

/** Min and max of the present values (not NaN) of the documents of `bits`, reading only `words` (null: all). */
function extremes(
  values: Float64Array,
  bits: Uint32Array,
  words: Uint32Array | null,
): { min: number | null; max: number | null } {
  let min = Infinity;
  let max = -Infinity;
  forEachBit(bits, words, (d) => {
    const v = values[d] as number;
    if (v < min) min = v;
    if (v > max) max = v;
  });
  return min === Infinity ? { min: null, max: null } : { min, max };
}

function firstValue(column: NumericColumn, order: Uint32Array, bits: Uint32Array): number | null {
  for (let i = 0; i < order.length; i++) {
    const d = order[i] as number;
    if (hasBit(bits, d)) return column.values[d] as number;
  }
  return null;
}
