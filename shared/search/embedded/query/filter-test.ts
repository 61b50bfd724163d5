import type { Filter } from '../../filters';
import { hasBit } from '../bitset';
import type { FacetColumn, IndexData, NumericColumn } from '../index-data';

/** Whether one document passes a filter. */
export type DocTest = (d: number) => boolean;

const ALWAYS: DocTest = () => true;
const NEVER: DocTest = () => false;

/**
 * A filter decided one document at a time, exactly as filterInto decides it for every document: cheaper than a
 * bitset of the whole segment when only a few documents are asked about (the narrowed filters, rank tiers).
 */
export function docTest(data: IndexData, filter: Filter): DocTest {
  switch (filter.kind) {
    case 'terms':
      return valuesTest(data.facets.get(filter.key), filter.values, filter.match === 'all');
    case 'hierarchy':
      return valuesTest(data.facets.get(filter.key), filter.paths, filter.match === 'all');
    case 'range':
      return rangeTest(data.numbers.get(filter.key), filter.min, filter.max);
    case 'toggle': {
      const flag = data.flags.get(filter.key);
      return flag === undefined ? NEVER : (d) => hasBit(flag, d);
    }
  }
}

/** Documents holding any (or all) of the values; no values means no constraint, an unknown value none. */
export function valuesTest(column: FacetColumn | undefined, values: readonly string[], all: boolean): DocTest {
  if (values.length === 0) return ALWAYS;
  if (column === undefined) return NEVER;
  const { offsets, items } = column.docValues;
  if (all) {
    const ids = values.map((value) => column.valueIds.get(value));
    if (ids.some((id) => id === undefined)) return NEVER;
    return (d) => ids.every((id) => holds(items, offsets[d] as number, offsets[d + 1] as number, id as number));
  }
  // A byte per value id: one load per value of the document, however many values the filter lists.
  const wanted = new Uint8Array(column.values.length);
  for (const value of values) {
    const id = column.valueIds.get(value);
    if (id !== undefined) wanted[id] = 1;
  }
  return (d) => {
    for (let k = offsets[d] as number; k < (offsets[d + 1] as number); k++)
      if (wanted[items[k] as number] === 1) return true;
    return false;
  };
}

function holds(items: Uint32Array, from: number, to: number, id: number): boolean {
  for (let k = from; k < to; k++) if (items[k] === id) return true;
  return false;
}

/** Documents whose value lies in [min, max] (null: open); an absent value (NaN) never does, min > max matches none. */
export function rangeTest(column: NumericColumn | undefined, min: number | null, max: number | null): DocTest {
  if (column === undefined || (min !== null && max !== null && min > max)) return NEVER;
  const { values } = column;
  const lo = min ?? -Infinity;
  const hi = max ?? Infinity;
  return (d) => {
    const v = values[d] as number;
    return v >= lo && v <= hi;
  };
}
