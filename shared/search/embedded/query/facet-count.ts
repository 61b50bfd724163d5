import type { Rows } from '../index-data';

/** Adds, for every document in `bits`, one to the counter of each of its values. */
export function countRows(docValues: Rows, bits: Uint32Array, counts: Uint32Array): void {
  const offsets = docValues.offsets;
  const items = docValues.items;
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w] as number;
    while (word !== 0) {
      const low = word & -word;
      const d = (w << 5) | (31 - Math.clz32(low));
      word ^= low;
      const end = offsets[d + 1] as number;
      for (let k = offsets[d] as number; k < end; k++) counts[items[k] as number]++;
    }
  }
}

/** In a SingleValues array: the document has no value, or more than one (read its row). */
export const NO_VALUE = 0xffff;
export const MANY_VALUES = 0xfffe;

/**
 * Per document, its only value id, NO_VALUE or MANY_VALUES: two bytes a document, where a row costs two reads in
 * two large arrays. Most documents of most facets hold one value or none (a brand; a colour only on the products
 * that have one). Null when the facet has too many values for two bytes.
 */
export function singleValues(docValues: Rows, valueCount: number): Uint16Array | null {
  if (valueCount >= MANY_VALUES) return null;
  const { offsets, items } = docValues;
  const single = new Uint16Array(offsets.length - 1);
  for (let d = 0; d < single.length; d++) {
    const n = (offsets[d + 1] as number) - (offsets[d] as number);
    single[d] = n === 0 ? NO_VALUE : n === 1 ? (items[offsets[d] as number] as number) : MANY_VALUES;
  }
  return single;
}

/** Adds, for every document of `docs`, one to the counter of each of its values (`single`: see singleValues). */
export function countList(docValues: Rows, docs: Uint32Array, counts: Uint32Array, single: Uint16Array | null = null): void {
  const offsets = docValues.offsets;
  const items = docValues.items;
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i] as number;
    if (single !== null) {
      const v = single[d] as number;
      if (v < MANY_VALUES) counts[v]++;
      if (v !== MANY_VALUES) continue;
    }
    const end = offsets[d + 1] as number;
    for (let k = offsets[d] as number; k < end; k++) counts[items[k] as number]++;
  }
}

/** Writes the documents of `bits` and not of `minus` (null: none) into `out`, ascending; returns how many. */
export function listBits(bits: Uint32Array, minus: Uint32Array | null, out: Uint32Array): number {
  let n = 0;
  for (let w = 0; w < bits.length; w++) {
    let word = minus === null ? (bits[w] as number) : (bits[w] as number) & ~(minus[w] as number);
    while (word !== 0) {
      const low = word & -word;
      out[n++] = (w << 5) | (31 - Math.clz32(low));
      word ^= low;
    }
  }
  return n;
}

/**
 * Whether counting a context of `contextSize` documents out of a market of `marketSize` is cheaper through its
 * complement: counting the few market documents outside it and subtracting from the market's counts.
 */
export const countsComplement = (contextSize: number, marketSize: number): boolean => contextSize * 2 > marketSize;

/**
 * Value counts over a context (a subset of the market) from `listed`: the context's documents, or with
 * `complement` the market's documents outside it (see countsComplement).
 */
export function countInContext(docValues: Rows, listed: Uint32Array, complement: boolean, marketCounts: Uint32Array, counts: Uint32Array, single: Uint16Array | null = null): void {
  countList(docValues, listed, counts, single);
  if (!complement) return;
  for (let v = 0; v < marketCounts.length; v++) counts[v] = (marketCounts[v] as number) - (counts[v] as number);
}
