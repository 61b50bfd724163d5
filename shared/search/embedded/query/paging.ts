import { hasBit } from '../bitset';

/**
 * Ordinals of one page along a presorted order: skips `skip` matches, collects `take`, stops early.
 * `order` may omit documents (absent sort values); `rest` then lists, in ordinal order, those that come last.
 */
export function pageAlongOrder(
  order: Uint32Array,
  bits: Uint32Array,
  skip: number,
  take: number,
  rest?: Float64Array,
): number[] {
  const limit = skip + take;
  if (take <= 0) return [];
  const found = new Uint32Array(limit);
  let seen = firstMatches(order, bits, limit, found);
  for (let d = 0; rest !== undefined && d < rest.length && seen < limit; d++) {
    if (Number.isNaN(rest[d] as number) && hasBit(bits, d)) found[seen++] = d;
  }
  return Array.from(found.subarray(Math.min(skip, seen), seen));
}

/**
 * Writes the first `limit` documents of `order` in `bits` into `found` (of `limit` entries); returns how many.
 * Every entry is written and the match decides only whether the cursor moves on: a contiguous walk over sparse
 * matches has no branch to mispredict.
 */
function firstMatches(order: Uint32Array, bits: Uint32Array, limit: number, found: Uint32Array): number {
  let seen = 0;
  for (let i = 0; i < order.length; i++) {
    const d = order[i] as number;
    found[seen] = d;
    seen += ((bits[d >>> 5] as number) >>> (d & 31)) & 1;
    if (seen === limit) break;
  }
  return seen;
}

/** True when a ranks before b: higher score, then lower ordinal (ordinals follow ids). */
function before(scores: Float64Array, a: number, b: number): boolean {
  const sa = scores[a] as number;
  const sb = scores[b] as number;
  return sa > sb || (sa === sb && a < b);
}

/**
 * Ordinals of one page by score: a bounded heap keeps the best skip + take, whose worst sits at the root. With
 * `words`, only those words of `bits` are read (the others must be zero): a few matches skip the whole scan.
 */
export function pageByScore(
  bits: Uint32Array,
  scores: Float64Array,
  skip: number,
  take: number,
  words: Uint32Array | null = null,
): number[] {
  const limit = skip + take;
  const heap: number[] = [];
  const count = words === null ? bits.length : words.length;
  for (let i = 0; i < count; i++) {
    const w = words === null ? i : (words[i] as number);
    let word = bits[w] as number;
    while (word !== 0) {
      const low = word & -word;
      const d = (w << 5) | (31 - Math.clz32(low));
      word ^= low;
      if (heap.length < limit) {
        heap.push(d);
        siftUp(heap, scores, heap.length - 1);
      } else if (limit > 0 && before(scores, d, heap[0] as number)) {
        heap[0] = d;
        siftDown(heap, scores, 0);
      }
    }
  }
  heap.sort((a, b) => (before(scores, a, b) ? -1 : 1));
  return heap.slice(skip);
}

// The root is the worst kept document, so a newcomer only has to beat it.
function siftUp(heap: number[], scores: Float64Array, at: number): void {
  while (at > 0) {
    const parent = (at - 1) >> 1;
    if (!before(scores, heap[parent] as number, heap[at] as number)) return;
    [heap[parent], heap[at]] = [heap[at] as number, heap[parent] as number];
    at = parent;
  }
}

function siftDown(heap: number[], scores: Float64Array, at: number): void {
  for (;;) {
    let worst = at;
    for (const child of [2 * at + 1, 2 * at + 2]) {
      if (child < heap.length && before(scores, heap[worst] as number, heap[child] as number)) worst = child;
    }
    if (worst === at) return;
    [heap[worst], heap[at]] = [heap[at] as number, heap[worst] as number];
    at = worst;
  }
}

/** Ordinals of one page in ordinal (= id) order, for sorts whose key no document has. */
export function pageByOrdinal(bits: Uint32Array, skip: number, take: number): number[] {
  const page: number[] = [];
  let seen = 0;
  for (let w = 0; w < bits.length && page.length < take; w++) {
    let word = bits[w] as number;
    while (word !== 0 && page.length < take) {
      const low = word & -word;
      word ^= low;
      if (seen++ >= skip) page.push((w << 5) | (31 - Math.clz32(low)));
    }
  }
  return page;
}
