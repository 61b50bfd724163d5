/**
 * The space-saving summary (Metwally, Agrawal, El Abbadi, "Efficient Computation of Frequent and Top-k Elements in
 * Data Streams", 2005) over at most `capacity` keys: a key seen for the first time when the summary is full takes
 * the place of a key with the smallest count, inheriting that count as its possible overcount (`error`). Any key
 * counted more than N / capacity times (N: all observations) is in the summary, and its count is exact to within
 * `error`. Counts live in buckets of equal count (the stream-summary structure), so every observation is O(1).
 * `T` is what is kept beside each key's count (the latest total, say); a replaced key's data starts afresh.
 */
export class SpaceSaving<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Buckets of equal count, ascending: `lowest` holds the keys a new key may replace. */
  private lowest: Bucket<T> | null = null;
  private observed = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new Error(`capacity must be a positive integer, not ${capacity}`);
  }

  /** Counts one observation of `key` (`weight` of them) and returns its entry, whose `data` the caller updates. */
  observe(key: string, fresh: () => T, weight = 1): Entry<T> {
    if (!Number.isInteger(weight) || weight < 1) throw new Error(`weight must be a positive integer, not ${weight}`);
    this.observed += weight;
    let entry = this.entries.get(key);
    if (entry === undefined) entry = this.admit(key, fresh);
    this.raise(entry, entry.count + weight);
    return entry;
  }

  /** Every observation counted so far, kept or not. */
  get total(): number {
    return this.observed;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The kept keys, highest count first, ties by key. */
  top(limit = this.capacity): Entry<T>[] {
    return [...this.entries.values()]
      .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .slice(0, limit);
  }

  private admit(key: string, fresh: () => T): Entry<T> {
    if (this.entries.size < this.capacity) {
      const entry: Entry<T> = { key, count: 0, error: 0, data: fresh(), bucket: null };
      this.entries.set(key, entry);
      return entry;
    }
    // Full: the newcomer replaces a key of the smallest count and may have been that key's count all along.
    const victim = this.lowest?.entries.values().next().value as Entry<T>;
    this.entries.delete(victim.key);
    victim.key = key;
    victim.error = victim.count;
    victim.data = fresh();
    this.entries.set(key, victim);
    return victim;
  }

  /** Moves `entry` up to the bucket of `count` (from its own, or from the lowest for a new entry). */
  private raise(entry: Entry<T>, count: number): void {
    const from = entry.bucket;
    // Alone in its bucket, with no bucket in the way: the bucket itself moves up (the common case of a hot key).
    if (from !== null && from.entries.size === 1 && (from.next === null || from.next.count > count)) {
      from.count = count;
      entry.count = count;
      return;
    }
    let after = from ?? (this.lowest !== null && this.lowest.count <= count ? this.lowest : null);
    while (after?.next && after.next.count <= count) after = after.next;
    const target = after !== null && after.count === count ? after : this.insertAfter(after, count);
    if (from !== null) this.leave(from, entry);
    target.entries.add(entry);
    entry.bucket = target;
    entry.count = count;
  }

  private insertAfter(after: Bucket<T> | null, count: number): Bucket<T> {
    const next = after === null ? this.lowest : after.next;
    const bucket: Bucket<T> = { count, entries: new Set(), prev: after, next };
    if (next !== null) next.prev = bucket;
    if (after === null) this.lowest = bucket;
    else after.next = bucket;
    return bucket;
  }

  private leave(bucket: Bucket<T>, entry: Entry<T>): void {
    bucket.entries.delete(entry);
    if (bucket.entries.size > 0) return;
    if (bucket.prev === null) this.lowest = bucket.next;
    else bucket.prev.next = bucket.next;
    if (bucket.next !== null) bucket.next.prev = bucket.prev;
  }
}

/** A kept key: its count (an overcount by at most `error`) and the caller's data. */
export interface Entry<T> {
  key: string;
  count: number;
  error: number;
  data: T;
  bucket: Bucket<T> | null;
}

interface Bucket<T> {
  count: number;
  entries: Set<Entry<T>>;
  prev: Bucket<T> | null;
  next: Bucket<T> | null;
}
