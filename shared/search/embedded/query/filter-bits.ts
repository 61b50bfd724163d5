import type { Filter } from '../../filters';
import { andInto, clearList, keepInAnyWords, keepWhere, orInto, setList } from '../bitset';
import type { FacetColumn, IndexData, NumericColumn } from '../index-data';
import { partitionPoint } from './binary-search';
import { rangeTest, valuesTest } from './filter-test';

// Below this many documents in a filter, setting them all costs less than deciding how to narrow it.
const FEW_DOCUMENTS = 4096;

/**
 * The documents a filter's answer must be right for (every use of it is ANDed with them): their bitset, how
 * many they are, and the only words of it that can be non-zero (null: every word may be).
 */
export interface Within {
  bits: Uint32Array;
  size: number;
  /**
   * With words, a filter decided on these documents writes only these words of its answer (its other words
   * keep whatever they held): callers then read the answer only there (andWords with the same words).
   */
  words: Uint32Array | null;
}

/**
 * Writes the documents matching one filter into `out`; `spare` is clobbered. Tail bits may be set: callers AND
 * with a market. With `within`, only its documents are certain to be right (callers AND with them).
 */
export function filterInto(
  data: IndexData,
  filter: Filter,
  out: Uint32Array,
  spare: Uint32Array,
  within: Within | null = null,
): void {
  switch (filter.kind) {
    case 'terms':
      valuesInto(data.facets.get(filter.key), filter.values, filter.match === 'all', out, spare, within);
      return;
    case 'hierarchy':
      valuesInto(data.facets.get(filter.key), filter.paths, filter.match === 'all', out, spare, within);
      return;
    case 'range':
      rangeInto(data.numbers.get(filter.key), filter.min, filter.max, out, within);
      return;
    case 'toggle': {
      const flag = data.flags.get(filter.key);
      if (flag === undefined) out.fill(0);
      else out.set(flag);
    }
  }
}

/**
 * OR (any) or AND (all) of the values' documents; no values means no constraint. Any of values holding far more
 * documents than `within` is decided on within's documents.
 */
function valuesInto(
  column: FacetColumn | undefined,
  values: readonly string[],
  all: boolean,
  out: Uint32Array,
  spare: Uint32Array,
  within: Within | null,
): void {
  if (values.length === 0) {
    out.fill(0xffffffff);
    return;
  }
  if (!all && column !== undefined && within !== null && narrowsBetter(column, values, within.size)) {
    // Values that all have a bitset are decided a word at a time, on within's words alone.
    const sets = within.words === null ? null : denseValues(column, values, out.length);
    if (sets !== null && within.words !== null) keepInAnyWords(within.bits, sets, out, within.words);
    // Else the same test as rank tiers use a document at a time (filter-test.ts).
    else keepWhere(within.bits, out, valuesTest(column, values, false), within.words);
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

/** Whether checking `size` documents costs less than setting the values' documents. */
function narrowsBetter(column: FacetColumn, values: readonly string[], size: number): boolean {
  const offsets = column.valueDocs.offsets;
  let docs = 0;
  for (const value of values) {
    const id = column.valueIds.get(value);
    if (id !== undefined) docs += (offsets[id + 1] as number) - (offsets[id] as number);
  }
  if (docs <= FEW_DOCUMENTS) return false;
  const perDoc = column.docValues.items.length / Math.max(1, column.docValues.offsets.length - 1);
  return size * 4 * Math.max(1, perDoc) < docs;
}

/** The bitsets of the values (a value the column lacks has no documents), or null when one of them has none. */
function denseValues(column: FacetColumn, values: readonly string[], words: number): Uint32Array[] | null {
  const sets: Uint32Array[] = [];
  for (const value of values) {
    const id = column.valueIds.get(value);
    if (id === undefined) continue;
    const slot = column.denseSlot[id] as number;
    if (slot < 0) return null;
    sets.push(column.denseBits.subarray(slot * words, (slot + 1) * words));
  }
  return sets;
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
  setList(
    out,
    column.valueDocs.items,
    column.valueDocs.offsets[id] as number,
    column.valueDocs.offsets[id + 1] as number,
  );
}

/**
 * Inclusive range through binary search on the ascending permutation: cost grows with the range, not the index.
 * When `within` holds far fewer documents than the range (a selective text), only its documents are checked.
 */
export function rangeInto(
  column: NumericColumn | undefined,
  min: number | null,
  max: number | null,
  out: Uint32Array,
  within: Within | null,
): void {
  if (column === undefined || (min !== null && max !== null && min > max)) {
    out.fill(0);
    return;
  }
  const sorted = column.ascending;
  const values = column.values;
  const valueAt = (i: number): number => values[sorted[i] as number] as number;
  const from = min === null ? 0 : partitionPoint(sorted.length, (i) => valueAt(i) < min);
  const to = max === null ? sorted.length : partitionPoint(sorted.length, (i) => valueAt(i) <= max);
  if (within !== null && to - from > FEW_DOCUMENTS && within.size * 4 < to - from) {
    keepWhere(within.bits, out, rangeTest(column, min, max), within.words);
    return;
  }
  // A range holding most documents costs its complement: the documents with a value, less those outside it.
  if ((to - from) * 2 > sorted.length) {
    out.set(column.present);
    clearList(out, sorted, 0, from);
    clearList(out, sorted, to, sorted.length);
    return;
  }
  out.fill(0);
  setList(out, sorted, from, to);
}
