import type { IndexMeta } from './index-meta';

/**
 * Languages and boosts per search target, so queries do not read the mapping each time. An index's meta
 * never changes, but an alias may move to an index with other meta: entries expire after `ttlMs`, and the
 * engine clears the cache whenever it creates, deletes or swaps itself.
 */
export class MetaCache {
  private readonly entries = new Map<string, { meta: Promise<IndexMeta>; at: number }>();

  constructor(
    private readonly load: (target: string) => Promise<IndexMeta>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The target's meta, loaded once per TTL; a failed load is not remembered. */
  get(target: string): Promise<IndexMeta> {
    const entry = this.entries.get(target);
    if (entry !== undefined && this.now() - entry.at < this.ttlMs) return entry.meta;
    const meta = this.load(target);
    this.entries.set(target, { meta, at: this.now() });
    meta.catch(() => {
      if (this.entries.get(target)?.meta === meta) this.entries.delete(target);
    });
    return meta;
  }

  /** Forgets everything (after a lifecycle change). */
  clear(): void {
    this.entries.clear();
  }
}
