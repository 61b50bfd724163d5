import { andListing, createBitset, wordCount } from '../bitset';

/**
 * Buffers reused by every query on one index so a query allocates almost nothing. Queries run synchronously
 * on one thread, so one set per index is enough; `reset` starts a query.
 */
export class Scratch {
  readonly scores: Float64Array;
  private readonly bitsets: Uint32Array[] = [];
  private used = 0;
  private counts = new Uint32Array(0);
  private list = new Uint32Array(0);
  private listLength = 0;
  private listOwner: object | null = null;
  private ownCounts = new Uint32Array(0);
  private countsOwner: object | null = null;
  private words = new Uint32Array(0);

  constructor(private readonly docCount: number) {
    this.scores = new Float64Array(docCount);
  }

  reset(): void {
    this.used = 0;
    this.listOwner = null;
    this.countsOwner = null;
  }

  /**
   * The documents `fill` lists (it writes them and returns how many), listed once for `owner` while the facets
   * counted one after another share it: a query's facets mostly count over one context.
   */
  listFor(owner: object, fill: (out: Uint32Array) => number): Uint32Array {
    if (this.listOwner !== owner) {
      if (this.list.length < this.docCount) this.list = new Uint32Array(this.docCount);
      this.listLength = fill(this.list);
      this.listOwner = owner;
    }
    return this.list.subarray(0, this.listLength);
  }

  /**
   * Counts `fill` adds into `size` zeroed counters, counted once for `owner` in a query (as listFor lists), in a
   * buffer of their own: zeroedCounts may be asked for meanwhile.
   */
  countsFor(owner: object, size: number, fill: (counts: Uint32Array) => void): Uint32Array {
    if (this.countsOwner !== owner) {
      if (this.ownCounts.length < size) this.ownCounts = new Uint32Array(size);
      const counts = this.ownCounts.subarray(0, size);
      counts.fill(0);
      fill(counts);
      this.countsOwner = owner;
    }
    return this.ownCounts.subarray(0, size);
  }

  /** target = a & b; returns the indices of target's non-zero words, valid until the next call. */
  andListingWords(target: Uint32Array, a: Uint32Array, b: Uint32Array): Uint32Array {
    if (this.words.length < wordCount(this.docCount)) this.words = new Uint32Array(wordCount(this.docCount));
    return this.words.subarray(0, andListing(target, a, b, this.words));
  }

  /** A bitset owned by the current query until the next reset; contents are stale, not cleared. */
  acquire(): Uint32Array {
    if (this.used === this.bitsets.length) this.bitsets.push(createBitset(this.docCount));
    return this.bitsets[this.used++] as Uint32Array;
  }

  /** A zeroed counter array of at least `size` entries (its head only; callers read [0, size)). */
  zeroedCounts(size: number): Uint32Array {
    if (this.counts.length < size) this.counts = new Uint32Array(Math.max(size, this.counts.length * 2));
    this.counts.fill(0, 0, size);
    return this.counts;
  }
}
