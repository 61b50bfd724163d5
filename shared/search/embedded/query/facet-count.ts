import { andNotInto } from '../bitset';
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

/**
 * Value counts over `context` (a subset of the market). When the context holds most of the market, counting
 * the few market documents outside it and subtracting from the market's counts touches far fewer documents.
 */
export function countInContext(
  docValues: Rows,
  context: Uint32Array,
  contextSize: number,
  market: Uint32Array,
  marketSize: number,
  marketCounts: Uint32Array,
  counts: Uint32Array,
  spare: Uint32Array,
): void {
  if (contextSize * 2 <= marketSize) {
    countRows(docValues, context, counts);
    return;
  }
  andNotInto(spare, market, context);
  countRows(docValues, spare, counts);
  for (let v = 0; v < marketCounts.length; v++) counts[v] = (marketCounts[v] as number) - (counts[v] as number);
}
