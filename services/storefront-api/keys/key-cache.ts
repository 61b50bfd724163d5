import type { Knex } from '../../../shared/db/knex';
import { findActiveKey, hashKey, type KeyKind } from '../../../shared/storefront-config/keys';

export interface LiveKey {
  id: number;
  tenantId: number;
  siteId: number;
  kind: KeyKind;
}

const MAX_ENTRIES = 50_000;

/**
 * Site-key lookups, cached in the process (misses too, so a flood of bad keys costs no queries) and cleared
 * whenever the published configs are re-read: on every publish or key revocation announced, and every poll.
 */
export class KeyCache {
  private readonly entries = new Map<string, Promise<LiveKey | null>>();

  constructor(private readonly db: Knex) {}

  lookup(raw: string): Promise<LiveKey | null> {
    const hash = hashKey(raw);
    let entry = this.entries.get(hash);
    if (entry === undefined) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      entry = findActiveKey(this.db, raw).then((k) => (k === null ? null : { id: k.id, tenantId: k.tenantId, siteId: k.siteId, kind: k.kind }));
      // A failed lookup (the database down) is not remembered.
      entry.catch(() => this.entries.delete(hash));
      this.entries.set(hash, entry);
    }
    return entry;
  }

  clear(): void {
    this.entries.clear();
  }
}
