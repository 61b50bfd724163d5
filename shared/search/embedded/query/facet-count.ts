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

/** Adds, for every document of `docs`, one to the counter of each of its values. */
export function countList(docValues: Rows, docs: Uint32Array, counts: Uint32Array): void {
  const offsets = docValues.offsets;
  const items = docValues.items;
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i] as number;
    const end = offsets[d + 1] as number;
    for (let k = offsets[d] as number; k < end; k++) counts[items[k] as number]++;
  }
}

/**
 * Writes the documents of `bits` and not of `minus` (null: none) into `out`, ascending; returns how many. With
 * `words`, only those words are read (bits must be zero elsewhere).
 */
export function listBits(
  bits: Uint32Array,
  minus: Uint32Array | null,
  out: Uint32Array,
  words: Uint32Array | null = null,
): number {
  let n = 0;
  const count = words === null ? bits.length : words.length;
  for (let i = 0; i < count; i++) {
    const w = words === null ? i : (words[i] as number);
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
 * Value counts of `size` values over a context (a subset of the market) into `out`, from `listed`: the context's
 * documents, or with `complement` the market's documents outside it (see countsComplement). Rows in a counting
 * memory are counted there.
 */
export function countInContext(
  rows: Rows,
  listed: Uint32Array,
  complement: boolean,
  marketCounts: Uint32Array,
  out: Uint32Array,
  size: number,
): void {
  let counts = out;
  if (rows.counting === undefined) countList(rows, listed, out);
  else {
    rows.counting.list.set(listed);
    counts = rows.counting.count(rows, listed.length, size);
  }
  if (!complement) {
    if (counts !== out) out.set(counts);
    return;
  }
  for (let v = 0; v < size; v++) out[v] = (marketCounts[v] as number) - (counts[v] as number);
}
