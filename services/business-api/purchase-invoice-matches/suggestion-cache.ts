/** How long suggestions are served from memory (spec rule 11). */
export const SUGGESTION_TTL_MS = 30_000;

// Beyond this many drafts, expired entries are swept and then the oldest dropped, so memory stays bounded.
const MAX_ENTRIES = 2_000;

type Entry<V> = { value: Promise<V>; expiresAt: number; tenantId: number; vendorId?: number };

/**
 * Per-process cache of one draft's suggestions. It keeps the promise, so concurrent requests for a draft
 * share one computation. Every change to pairs goes through `invalidateDraft` / `invalidateVendor`: that is
 * the one seam where a multi-process deployment would also publish the invalidation (e.g. Redis pub/sub).
 */
export class SuggestionCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly ttlMs = SUGGESTION_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The cached value, or the one `load` computes (cached when it succeeds). `vendorOf` tags it for invalidateVendor.
   */
  getOrLoad(tenantId: number, draftId: number, load: () => Promise<V>, vendorOf: (value: V) => number): Promise<V> {
    const key = `${tenantId}:${draftId}`;
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.value;
    this.makeRoom();
    const entry: Entry<V> = { value: load(), expiresAt: this.now() + this.ttlMs, tenantId };
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        entry.vendorId = vendorOf(value);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value;
  }

  /** Drops one draft; a load in flight is not stored back, so the next request computes afresh. */
  invalidateDraft(tenantId: number, draftId: number): void {
    this.entries.delete(`${tenantId}:${draftId}`);
  }

  /** Drops every draft of a vendor: their candidates share the receipts whose open quantity just changed. */
  invalidateVendor(tenantId: number, vendorId: number): void {
    for (const [key, entry] of this.entries)
      if (entry.tenantId === tenantId && entry.vendorId === vendorId) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private makeRoom(): void {
    if (this.entries.size < MAX_ENTRIES) return;
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    for (const key of this.entries.keys()) {
      if (this.entries.size < MAX_ENTRIES) break;
      this.entries.delete(key);
    }
  }
}
