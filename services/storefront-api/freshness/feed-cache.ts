import type { ChangeFollower } from './change-follower';

/** How much a cache may hold, and for how long at most (what the change log does not name: parties, renditions). */
export type FeedCacheBounds = { maxEntries: number; maxBytes: number; maxAgeMs: number };

/** A computed value, the products it was read from (a change to any evicts it), and its size in bytes. */
export type Computed<V> = { value: V; products: readonly number[]; bytes: number };

const always = () => true;

type Entry<V> = {
  value: V;
  tenantId: number;
  products: readonly number[];
  bytes: number;
  at: number;
  /** Read since it was last passed over for eviction (the clock's second chance). */
  used: boolean;
};

/**
 * Values read from a tenant's catalogue rows, kept until the change log names one of their products (see
 * ChangeFollower for the bound that gives), or `maxAgeMs` passes. Bounded by entries and by bytes; eviction is a
 * clock, so a hit costs lookups only. Identical computations arriving together share one.
 */
export class FeedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly pending = new Map<string, Promise<V>>();
  /** `tenant:product` to the keys of the entries read from it. */
  private readonly byProduct = new Map<string, Set<string>>();
  private bytes = 0;

  constructor(
    private readonly feed: ChangeFollower,
    private readonly bounds: FeedCacheBounds,
  ) {
    feed.onChange((tenantId, productIds) => this.invalidate(tenantId, productIds));
  }

  /** The fresh value kept under `key`, if any (and `usable`: what else it was read from is still current). */
  peek(key: string, usable: (value: V) => boolean = always): V | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined || !usable(hit.value)) return undefined;
    if (Date.now() - hit.at >= this.bounds.maxAgeMs) {
      this.remove(key, hit);
      return undefined;
    }
    if (!this.feed.fresh(hit.tenantId)) return undefined;
    hit.used = true;
    return hit.value;
  }

  /**
   * The value under `key`: kept (and `usable`), being computed, or computed now by `compute` from the tenant's rows.
   */
  get(
    key: string,
    tenantId: number,
    compute: () => Promise<Computed<V>>,
    usable: (value: V) => boolean = always,
  ): Promise<V> {
    const hit = this.peek(key, usable);
    if (hit !== undefined) return Promise.resolve(hit);
    const pending = this.pending.get(key);
    if (pending !== undefined) return pending;
    const epoch = this.feed.epoch(tenantId);
    const value = compute()
      .then((computed) => {
        if (this.feed.keeps(tenantId, epoch)) this.keep(key, tenantId, computed);
        return computed.value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, value);
    return value;
  }

  /**
   * The values of `keys` (all the tenant's): those kept, and the rest computed together by `compute`, which answers
   * each key it is given that has a value (a key it leaves out has none).
   */
  async getMany(
    tenantId: number,
    keys: readonly string[],
    compute: (missing: readonly string[]) => Promise<Map<string, Computed<V>>>,
  ): Promise<Map<string, V>> {
    const out = new Map<string, V>();
    const missing: string[] = [];
    for (const key of new Set(keys)) {
      const hit = this.peek(key);
      if (hit === undefined) missing.push(key);
      else out.set(key, hit);
    }
    if (missing.length === 0) return out;
    const epoch = this.feed.epoch(tenantId);
    const computed = await compute(missing);
    const keeps = this.feed.keeps(tenantId, epoch);
    for (const [key, value] of computed) {
      if (keeps) this.keep(key, tenantId, value);
      out.set(key, value.value);
    }
    return out;
  }

  /** What the cache holds: entries and bytes of values. */
  size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private keep(key: string, tenantId: number, computed: Computed<V>): void {
    if (computed.bytes > this.bounds.maxBytes) return;
    const old = this.entries.get(key);
    if (old !== undefined) this.remove(key, old);
    const { value, products, bytes } = computed;
    this.entries.set(key, { value, tenantId, products, bytes, at: Date.now(), used: false });
    this.bytes += bytes;
    for (const id of products) {
      const ref = `${tenantId}:${id}`;
      const keys = this.byProduct.get(ref) ?? new Set<string>();
      keys.add(key);
      this.byProduct.set(ref, keys);
    }
    this.evict();
  }

  private invalidate(tenantId: number, productIds: readonly number[] | null): void {
    if (productIds === null) {
      for (const [key, entry] of this.entries) if (entry.tenantId === tenantId) this.remove(key, entry);
      return;
    }
    for (const id of productIds) {
      for (const key of this.byProduct.get(`${tenantId}:${id}`) ?? []) {
        const entry = this.entries.get(key);
        if (entry !== undefined) this.remove(key, entry);
      }
    }
  }

  private remove(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    for (const id of entry.products) {
      const ref = `${entry.tenantId}:${id}`;
      const keys = this.byProduct.get(ref);
      keys?.delete(key);
      if (keys?.size === 0) this.byProduct.delete(ref);
    }
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.bounds.maxEntries && this.bytes <= this.bounds.maxBytes) return;
      this.entries.delete(key);
      if (entry.used) {
        // Back of the queue; passed over again without a read, it goes.
        entry.used = false;
        this.entries.set(key, entry);
      } else this.remove(key, entry);
    }
  }
}
