/**
 * A small in-process cache with a time to live and a size bound (oldest entries go first). Values are
 * stored as promises so concurrent reads of one key share a single provider call; a failed read is dropped.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { expiresAt: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly clock: () => number,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.clock()) return hit.value;
    this.entries.delete(key);
    const value = load();
    this.entries.set(key, { expiresAt: this.clock() + this.ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    this.evictOverflow();
    return value;
  }

  private evictOverflow(): void {
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) return;
      this.entries.delete(key);
    }
  }
}
