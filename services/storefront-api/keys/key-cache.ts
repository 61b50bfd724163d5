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
 * While the database cannot be read, a key keeps its last answer: a poll that cleared the cache just before an
 * outage must not turn every request of a live key into a 503 (index reads stay up); a key never answered fails.
 */
export class KeyCache {
  private readonly entries = new Map<string, Promise<LiveKey | null>>();
  /** Lookups that have answered, for readers that cannot wait (the fast lane of cached reads). */
  private readonly settled = new Map<string, LiveKey | null>();
  /** Each key's last answer, kept across clears: what a lookup gives while the database cannot be read. */
  private readonly lastAnswered = new Map<string, LiveKey | null>();

  constructor(private readonly db: Knex) {}

  lookup(raw: string): Promise<LiveKey | null> {
    const hash = hashKey(raw);
    let entry = this.entries.get(hash);
    if (entry === undefined) {
      if (this.entries.size >= MAX_ENTRIES) this.clear();
      const lookup = findActiveKey(this.db, raw).then(
        (k) => this.answered(hash, k === null ? null : liveKey(k)),
        (err: unknown) => {
          // Kept as an entry: the next clear (a poll) tries the database again.
          if (this.lastAnswered.has(hash)) return this.lastAnswered.get(hash) ?? null;
          throw err;
        },
      );
      // A failed lookup of a key never answered is not remembered.
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

  private answered(hash: string, key: LiveKey | null): LiveKey | null {
    if (this.lastAnswered.size >= MAX_ENTRIES) this.lastAnswered.clear();
    this.lastAnswered.set(hash, key);
    return key;
  }
}

const liveKey = (k: NonNullable<Awaited<ReturnType<typeof findActiveKey>>>): LiveKey => ({
  id: k.id,
  tenantId: k.tenantId,
  siteId: k.siteId,
  kind: k.kind,
  publishedVersion: k.publishedVersion ?? 0,
});
