import type { Knex } from '../../../shared/db/knex';
import { findActiveKey, hashKey, type KeyKind } from '../../../shared/storefront-config/keys';

export interface LiveKey {
  id: number;
  tenantId: number;
  siteId: number;
  kind: KeyKind;
  /** The published configuration version the key first went live in: it answers only from that version on. */
  publishedVersion: number;
}

const MAX_ENTRIES = 50_000;

/**
 * Site-key lookups, cached in the process (misses too, so a flood of bad keys costs no queries) and cleared
 * whenever the published configs are re-read: on every publish or key revocation announced, and every poll.
 */
export class KeyCache {
  private readonly entries = new Map<string, Promise<LiveKey | null>>();
  /** Lookups that have answered, for readers that cannot wait (the fast lane of cached reads). */
  private readonly settled = new Map<string, LiveKey | null>();

  constructor(private readonly db: Knex) {}

  lookup(raw: string): Promise<LiveKey | null> {
    const hash = hashKey(raw);
    let entry = this.entries.get(hash);
    if (entry === undefined) {
      if (this.entries.size >= MAX_ENTRIES) this.clear();
      const lookup = findActiveKey(this.db, raw).then((k) =>
        k === null
          ? null
          : {
              id: k.id,
              tenantId: k.tenantId,
              siteId: k.siteId,
              kind: k.kind,
              publishedVersion: k.publishedVersion ?? 0,
            },
      );
      // A failed lookup (the database down) is not remembered.
      lookup.then(
        (key) => this.entries.get(hash) === lookup && this.settled.set(hash, key),
        () => this.entries.delete(hash),
      );
      this.entries.set(hash, lookup);
      entry = lookup;
    }
    return entry;
  }

  /** The key `raw` names when its lookup has answered (null: no live key); undefined until then. */
  known(raw: string): LiveKey | null | undefined {
    return this.settled.get(hashKey(raw));
  }

  clear(): void {
    this.entries.clear();
    this.settled.clear();
  }
}
