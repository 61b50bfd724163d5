import type { FacetColumn, Rows } from '../index-data';
import { CountingMemory } from '../wasm/counting-memory';

/**
 * Some facet columns of a segment as one row per document, a facet's value ids offset by its `base`: counting a
 * context over it reads each document's row once for all those facets, where counting facet by facet read one
 * row per facet (two cache misses each, on contexts spread over the segment). The rows are counted in WebAssembly
 * (CountingMemory).
 */
export interface JointFacets {
  rows: Rows;
  /** Facet key -> the offset of its value ids in `rows` and in joint counts. */
  base: Map<string, number>;
  /** Number of joint value ids (the sum of the facets' value counts). */
  size: number;
}

/** Facets counted together over one context: their keys, and the keys as one string (what caches are keyed by). */
export interface FacetSet {
  keys: readonly string[];
  signature: string;
}

export const facetSet = (keys: readonly string[]): FacetSet => ({ keys, signature: keys.join('\u0000') });

/** The joint rows of `columns` over `docCount` documents, in the columns' order. */
export function jointFacets(columns: readonly FacetColumn[], docCount: number): JointFacets {
  const base = new Map<string, number>();
  let size = 0;
  const offsetOf: number[] = [];
  for (const column of columns) {
    base.set(column.key, size);
    offsetOf.push(size);
    size += column.values.length;
  }
  // Every document's row holds all its values of every column: the columns' items, all of them.
  const itemCount = columns.reduce((n, column) => n + (column.docValues.offsets[docCount] as number), 0);
  const counting = new CountingMemory((docCount + 1 + itemCount) * 4, docCount, size);
  const offsets = counting.u32(0, docCount + 1);
  const items = counting.u32((docCount + 1) * 4, itemCount);
  for (let d = 0; d < docCount; d++) {
    let n = 0;
    for (const column of columns)
      n += (column.docValues.offsets[d + 1] as number) - (column.docValues.offsets[d] as number);
    offsets[d + 1] = (offsets[d] as number) + n;
  }
  for (let d = 0; d < docCount; d++) {
    let at = offsets[d] as number;
    for (let f = 0; f < columns.length; f++) {
      const offset = offsetOf[f] as number;
      const { offsets: from, items: values } = (columns[f] as FacetColumn).docValues;
      for (let k = from[d] as number; k < (from[d + 1] as number); k++) items[at++] = offset + (values[k] as number);
    }
  }
  return { rows: { offsets, items, counting }, base, size };
}
