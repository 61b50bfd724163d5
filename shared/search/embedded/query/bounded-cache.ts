/** A map that empties itself when full: bounded memory without LRU bookkeeping on the hot path. */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    if (this.entries.size >= this.capacity) this.entries.clear();
    this.entries.set(key, value);
  }
}
