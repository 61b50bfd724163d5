import type { Filter } from '../../filters';
import { andInto, keepWhere, orInto, popcount, setList } from '../bitset';
import type { FacetColumn, IndexData, NumericColumn } from '../index-data';
import { partitionPoint } from './binary-search';
import { rangeTest, valuesTest } from './filter-test';

// Below this many documents in a filter, setting them all costs less than deciding how to narrow it.
const FEW_DOCUMENTS = 4096;

/**
 * Writes the documents matching one filter into `out`; `spare` is clobbered. Tail bits may be set: callers AND
 * with a market. With `base`, only documents of `base` are certain to be right (callers AND with it).
 */
export function filterInto(
  data: IndexData,
  filter: Filter,
  out: Uint32Array,
  spare: Uint32Array,
  base: Uint32Array | null = null,
): void {
  switch (filter.kind) {
    case 'terms':
      valuesInto(data.facets.get(filter.key), filter.values, filter.match === 'all', out, spare, base);
      return;
    case 'hierarchy':
      valuesInto(data.facets.get(filter.key), filter.paths, filter.match === 'all', out, spare, base);
      return;
    case 'range':
      rangeInto(data.numbers.get(filter.key), filter.min, filter.max, out, base);
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
 * documents than `base` is decided on base's documents.
 */
function valuesInto(
  column: FacetColumn | undefined,
  values: readonly string[],
  all: boolean,
  out: Uint32Array,
  spare: Uint32Array,
  base: Uint32Array | null,
): void {
  if (values.length === 0) {
    out.fill(0xffffffff);
    return;
  }
  if (!all && column !== undefined && base !== null && narrowsBetter(column, values, base)) {
    // The same test as rank tiers use a document at a time (filter-test.ts).
    keepWhere(base, out, valuesTest(column, values, false));
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

/** Whether checking base's documents costs less than setting the values' documents. */
function narrowsBetter(column: FacetColumn, values: readonly string[], base: Uint32Array): boolean {
  const offsets = column.valueDocs.offsets;
  let docs = 0;
  for (const value of values) {
    const id = column.valueIds.get(value);
    if (id !== undefined) docs += (offsets[id + 1] as number) - (offsets[id] as number);
  }
  if (docs <= FEW_DOCUMENTS) return false;
  const perDoc = column.docValues.items.length / Math.max(1, column.docValues.offsets.length - 1);
  return popcount(base) * 4 * Math.max(1, perDoc) < docs;
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
 * When `base` holds far fewer documents than the range (a selective text), only its documents are checked.
 */
export function rangeInto(
  column: NumericColumn | undefined,
  min: number | null,
  max: number | null,
  out: Uint32Array,
  base: Uint32Array | null,
): void {
  out.fill(0);
  if (column === undefined || (min !== null && max !== null && min > max)) return;
  const sorted = column.ascending;
  const values = column.values;
  const valueAt = (i: number): number => values[sorted[i] as number] as number;
  const from = min === null ? 0 : partitionPoint(sorted.length, (i) => valueAt(i) < min);
  const to = max === null ? sorted.length : partitionPoint(sorted.length, (i) => valueAt(i) <= max);
  if (base !== null && to - from > FEW_DOCUMENTS && popcount(base) * 4 < to - from)
    keepWhere(base, out, rangeTest(column, min, max));
  else setList(out, sorted, from, to);
}
