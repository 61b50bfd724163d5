// Bitsets are plain Uint32Arrays of ceil(n / 32) words; bit d is document ordinal d.

/** Words needed for n documents. */
export function wordCount(n: number): number {
  return (n + 31) >>> 5;
}

/** A cleared bitset for n documents. */
export function createBitset(n: number): Uint32Array {
  return new Uint32Array(wordCount(n));
}

/** Sets bit d. */
export function setBit(bits: Uint32Array, d: number): void {
  bits[d >>> 5] = bits[d >>> 5] | (1 << (d & 31));
}

/** Clears bit d. */
export function clearBit(bits: Uint32Array, d: number): void {
  bits[d >>> 5] = bits[d >>> 5] & ~(1 << (d & 31));
}

/** True when bit d is set. */
export function hasBit(bits: Uint32Array, d: number): boolean {
  return (bits[d >>> 5] & (1 << (d & 31))) !== 0;
}

/** Number of set bits of one word (SWAR). */
export function popcount32(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Number of set bits. */
export function popcount(bits: Uint32Array): number {
  let total = 0;
  for (let w = 0; w < bits.length; w++) total += popcount32(bits[w]);
  return total;
}

/** target &= other. */
export function andInto(target: Uint32Array, other: Uint32Array): void {
  for (let w = 0; w < target.length; w++) target[w] = target[w] & other[w];
}

/** target |= other. */
export function orInto(target: Uint32Array, other: Uint32Array): void {
  for (let w = 0; w < target.length; w++) target[w] = target[w] | other[w];
}

/** Sets the bits of a list of document ordinals. */
export function setList(target: Uint32Array, docs: Uint32Array, from: number, to: number): void {
  for (let k = from; k < to; k++) {
    const d = docs[k];
    target[d >>> 5] = target[d >>> 5] | (1 << (d & 31));
  }
}

/** Clears the bits of a list of document ordinals. */
export function clearList(target: Uint32Array, docs: Uint32Array, from: number, to: number): void {
  for (let k = from; k < to; k++) {
    const d = docs[k];
    target[d >>> 5] = target[d >>> 5] & ~(1 << (d & 31));
  }
}

/** target = a & ~b (documents of a that are not in b). */
export function andNotInto(target: Uint32Array, a: Uint32Array, b: Uint32Array): void {
  for (let w = 0; w < target.length; w++) target[w] = a[w] & ~b[w];
}

/** Number of bits set in both a and b, reading only the `words` listed (null: all; a's others must be zero). */
export function countAnd(a: Uint32Array, b: Uint32Array, words: Uint32Array | null = null): number {
  let total = 0;
  if (words === null) {
    for (let w = 0; w < a.length; w++) total += popcount32(a[w] & b[w]);
    return total;
  }
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as number;
    total += popcount32(a[w] & b[w]);
  }
  return total;
}

/** The indices of the non-zero words of `bits`, written into `out`; returns how many. */
export function nonZeroWords(bits: Uint32Array, out: Uint32Array): number {
  let n = 0;
  for (let w = 0; w < bits.length; w++) if (bits[w] !== 0) out[n++] = w;
  return n;
}

/** target = a & b, writing the indices of target's non-zero words into `out`; returns how many (one pass). */
export function andListing(target: Uint32Array, a: Uint32Array, b: Uint32Array, out: Uint32Array): number {
  let n = 0;
  for (let w = 0; w < target.length; w++) {
    const word = a[w] & b[w];
    target[w] = word;
    if (word !== 0) out[n++] = w;
  }
  return n;
}

/** target &= other over the `words` listed (null: all); elsewhere target must already be zero. */
export function andWords(target: Uint32Array, other: Uint32Array, words: Uint32Array | null): void {
  if (words === null) {
    andInto(target, other);
    return;
  }
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as number;
    target[w] = target[w] & other[w];
  }
}

/** Number of set bits in the `words` listed (null: all); elsewhere bits must be zero. */
export function popcountWords(bits: Uint32Array, words: Uint32Array | null): number {
  if (words === null) return popcount(bits);
  let total = 0;
  for (let i = 0; i < words.length; i++) total += popcount32(bits[words[i] as number]);
  return total;
}

/**
 * out = the documents of `bits` that `keep` accepts. Every word of out is written, or with `words` (the only
 * words of bits that can be non-zero) only those: out's other words are left as they were, for callers that
 * read out only there.
 */
export function keepWhere(
  bits: Uint32Array,
  out: Uint32Array,
  keep: (d: number) => boolean,
  words: Uint32Array | null = null,
): void {
  const count = words === null ? bits.length : words.length;
  for (let i = 0; i < count; i++) {
    const w = words === null ? i : (words[i] as number);
    let word = bits[w] as number;
    let kept = 0;
    while (word !== 0) {
      const low = word & -word;
      word ^= low;
      if (keep((w << 5) | (31 - Math.clz32(low)))) kept |= low;
    }
    out[w] = kept;
  }
}

/**
 * out = the documents of `bits` in any of `sets`, written on the `words` listed only (out's other words are left
 * as they were): keepWhere with a membership test, a word at a time.
 */
export function keepInAnyWords(
  bits: Uint32Array,
  sets: readonly Uint32Array[],
  out: Uint32Array,
  words: Uint32Array,
): void {
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as number;
    let any = 0;
    for (let s = 0; s < sets.length; s++) any |= (sets[s] as Uint32Array)[w] as number;
    out[w] = (bits[w] as number) & any;
  }
}

/** Calls visit(d) for each set bit d, ascending, reading only the `words` listed (null: all; the others must be zero). */
export function forEachBit(bits: Uint32Array, words: Uint32Array | null, visit: (d: number) => void): void {
  const count = words === null ? bits.length : words.length;
  for (let i = 0; i < count; i++) {
    const w = words === null ? i : (words[i] as number);
    let word = bits[w] as number;
    while (word !== 0) {
      const low = word & -word;
      word ^= low;
      visit((w << 5) | (31 - Math.clz32(low)));
    }
  }
}
