import type { Watermark } from '../../../indexer/runs/change-feed';
import { changesSince } from '../../../indexer/runs/change-feed';
import { runOfIndex } from '../../../indexer/runs/sync-runs';
import type { Knex } from '../../../shared/db/knex';
import type { ChangeFollower } from '../freshness/change-follower';

/**
 * When the product sources an index keeps (ProductSource) may be read instead of the catalogue: the digest of the
 * config its run built documents from (indexConfigDigest), and the products the change log has named since the run
 * read the catalogue (read from PostgreSQL instead).
 */
export interface IndexedSource {
  indexConfig: string;
  changed: ReadonlySet<number>;
}

type Scope = { tenantId: number; siteId: number };

type Entry = {
  tenantId: number;
  index: string;
  changed: Set<number>;
  source: Promise<IndexedSource | null>;
  /** When it was read; an unknown index (its run not finished yet) is asked again after RETRY_MS. */
  at: number;
  known: boolean;
  /** More changed than the bound: the set is dropped, and the sources go unused until the site serves another index. */
  overflow: boolean;
};

const RETRY_MS = 1000;

/** Products the change log may name since a run before its sources go unused (about 40 bytes each). */
export const DEFAULT_MAX_CHANGED = 250_000;

/** The watermark and config digest a full run's stats record (FullRunStats), or null (a preview's, an older run's). */
function recordedOf(stats: unknown): { mark: Watermark; indexConfig: string } | null {
  const recorded = stats as { watermark?: Partial<Watermark>; indexConfig?: unknown } | null;
  const mark = recorded?.watermark;
  if (typeof mark?.seq !== 'string' || typeof mark.snapshot !== 'string') return null;
  if (typeof recorded?.indexConfig !== 'string') return null;
  return { mark: { seq: mark.seq, snapshot: mark.snapshot }, indexConfig: recorded.indexConfig };
}

/**
 * Per site, the IndexedSource of the index it serves now. The run that built the index is read once; so are the
 * products changed since its watermark (the change log's own `changesSince`, the delta runs' read). Then the
 * follower's reads add what they tell, before anything they make fresh is served: a product the log named is never
 * taken from a source read before the change. The site's entry is registered before its catch-up read, so a change
 * told meanwhile is added too. When the follower loses its place, the tenant's entries are read again.
 */
export class IndexedSources {
  private readonly sites = new Map<string, Entry>();

  constructor(
    private readonly db: Knex,
    follower: ChangeFollower,
    private readonly maxChanged = DEFAULT_MAX_CHANGED,
  ) {
    follower.onChange((tenantId, ids) => this.told(tenantId, ids));
  }

  /** The sources of `index` as served to the site; null while its run is unknown, or when they may not be used. */
  async of(scope: Scope, index: string): Promise<IndexedSource | null> {
    const key = `${scope.tenantId}\u0000${scope.siteId}`;
    let entry = this.sites.get(key);
    if (entry === undefined || entry.index !== index || (!entry.known && Date.now() - entry.at >= RETRY_MS)) {
      entry = {
        tenantId: scope.tenantId,
        index,
        changed: new Set(),
        source: Promise.resolve(null),
        at: Date.now(),
        known: false,
        overflow: false,
      };
      this.sites.set(key, entry);
      entry.source = this.read(scope, entry).catch(() => null);
    }
    const source = await entry.source;
    // Dropped meanwhile (the follower lost its place): its set is no longer told what changes.
    return entry.overflow || this.sites.get(key) !== entry ? null : source;
  }

  private async read(scope: Scope, entry: Entry): Promise<IndexedSource | null> {
    const run = await runOfIndex(this.db, scope, entry.index);
    // A run still finishing has no stats yet.
    const recorded = run === null || run.mode !== 'full' ? null : recordedOf(run.stats);
    if (recorded === null) return null;
    const { productIds } = await changesSince(this.db, scope.tenantId, recorded.mark);
    this.add(entry, productIds);
    entry.known = true;
    return { indexConfig: recorded.indexConfig, changed: entry.changed };
  }

  private told(tenantId: number, ids: readonly number[] | null): void {
    for (const [key, entry] of this.sites) {
      if (entry.tenantId !== tenantId) continue;
      if (ids === null) this.sites.delete(key);
      else this.add(entry, ids);
    }
  }

  private add(entry: Entry, ids: readonly number[]): void {
    if (entry.overflow) return;
    for (const id of ids) entry.changed.add(id);
    if (entry.changed.size <= this.maxChanged) return;
    entry.overflow = true;
    entry.changed.clear();
  }
}
