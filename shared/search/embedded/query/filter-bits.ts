import type { Filter } from '../../filters';
import { andInto, orInto, popcount, setList } from '../bitset';
import type { FacetColumn, IndexData, NumericColumn } from '../index-data';
import { partitionPoint } from './binary-search';

/**
 * Writes the documents matching one filter into `out`; `spare` is clobbered. Tail bits may be set: callers AND
 * with a market. With `base`, only documents of `base` are certain to be right (callers AND with it).
 */
export function filterInto(data: IndexData, filter: Filter, out: Uint32Array, spare: Uint32Array, base: Uint32Array | null = null): void {
  switch (filter.kind) {
    case 'terms':
      return valuesInto(data.facets.get(filter.key), filter.values, filter.match === 'all', out, spare);
    case 'hierarchy':
      return valuesInto(data.facets.get(filter.key), filter.paths, filter.match === 'all', out, spare);
    case 'range':
      return rangeInto(data.numbers.get(filter.key), filter.min, filter.max, out, base);
    case 'toggle': {
      const flag = data.flags.get(filter.key);
      if (flag === undefined) out.fill(0);
      else out.set(flag);
    }
  }
}

/** OR (any) or AND (all) of the values' documents; no values means no constraint. */
function valuesInto(column: FacetColumn | undefined, values: readonly string[], all: boolean, out: Uint32Array, spare: Uint32Array): void {
  if (values.length === 0) {
    out.fill(0xffffffff);
    return;
  }
  if (!all) {
    out.fill(0);
    for (const value of values) addValue(column, value, out);
    return;
  }
  for (let i = 0; i < values.length; i++) {
    const target = i === 0 ? out : spare;
    target.fill(0);
    addValue(column, values[i] as string, target);
    if (i > 0) andInto(out, spare);
  }
}

/** ORs one value's documents into `out` (a dense value through its bitset, a sparse one through its list). */
function addValue(column: FacetColumn | undefined, value: string, out: Uint32Array): void {
  const id = column?.valueIds.get(value);
  if (column === undefined || id === undefined) return;
  const slot = column.denseSlot[id] as number;
  if (slot >= 0) {
    orInto(out, column.denseBits.subarray(slot * out.length, (slot + 1) * out.length));
    return;
  }
  setList(out, column.valueDocs.items, column.valueDocs.offsets[id] as number, column.valueDocs.offsets[id + 1] as number);
}

// Below this many documents in range, setting them all costs less than deciding anything.
const SMALL_RANGE = 4096;

/**
 * Inclusive range through binary search on the ascending permutation: cost grows with the range, not the index.
 * When `base` holds far fewer documents than the range (a selective text), only its documents are checked.
 */
export function rangeInto(column: NumericColumn | undefined, min: number | null, max: number | null, out: Uint32Array, base: Uint32Array | null): void {
  out.fill(0);
  if (column === undefined || (min !== null && max !== null && min > max)) return;
  const sorted = column.ascending;
  const values = column.values;
  const valueAt = (i: number): number => values[sorted[i] as number] as number;
  const from = min === null ? 0 : partitionPoint(sorted.length, (i) => valueAt(i) < min);
  const to = max === null ? sorted.length : partitionPoint(sorted.length, (i) => valueAt(i) <= max);
  if (base !== null && to - from > SMALL_RANGE && popcount(base) * 4 < to - from) rangeOfBase(values, min ?? -Infinity, max ?? Infinity, base, out);
  else setList(out, sorted, from, to);
}

/** The documents of `base` whose value lies in [min, max] (an absent value, NaN, never does). */
function rangeOfBase(values: Float64Array, min: number, max: number, base: Uint32Array, out: Uint32Array): void {
  for (let w = 0; w < base.length; w++) {
    let word = base[w] as number;
    let hits = 0;
    while (word !== 0) {
      const low = word & -word;
      word ^= low;
      const v = values[(w << 5) | (31 - Math.clz32(low))] as number;
      if (v >= min && v <= max) hits |= low;
    }
    out[w] = hits;
  }
}
