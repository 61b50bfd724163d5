import type { Knex } from '../../../shared/db/knex';
import { changesSince, currentWatermark, type Watermark } from '../../../indexer/runs/change-feed';

/** What a follower tells its caches: these products of a tenant changed, or (null) any of them may have. */
export type ChangeListener = (tenantId: number, productIds: readonly number[] | null) => void;

type TenantFeed = {
  mark: Watermark | null;
  /** When the newest completed read of the log started (ms): every change committed before it has been told. */
  readAt: number;
  /** Counts the reads that told a change or lost the mark: a value computed across one of them is not kept. */
  epoch: number;
  reading: boolean;
};

export type FollowerOptions = {
  /** The freshness bound: cached values of a tenant are served only while its last read started this recently. */
  boundMs: number;
  /** A tenant not read for this long starts over from the log's end, its cached values dropped (they have expired). */
  idleMs: number;
  onError: (err: unknown) => void;
};

/**
 * Follows the catalogue's change log (product_changes, the delta runs' source) for each tenant a cache asks about,
 * on demand and without a timer: a read older than half the bound starts the next one, and a cached value is served
 * only while the newest read started less than `boundMs` ago. A change committed earlier than that has therefore
 * been told to the caches, which evict what was read from it: what they serve is at most `boundMs` older than
 * PostgreSQL. A value computed while a read told a change is not kept (it may predate the change).
 */
export class ChangeFollower {
  private readonly feeds = new Map<number, TenantFeed>();
  private readonly listeners: ChangeListener[] = [];

  constructor(
    private readonly db: Knex,
    private readonly options: FollowerOptions,
  ) {}

  onChange(listener: ChangeListener): void {
    this.listeners.push(listener);
  }

  /** Whether the tenant's cached values may be served now; reads the log again when half the bound has passed. */
  fresh(tenantId: number, now = Date.now()): boolean {
    if (this.options.boundMs === 0) return false;
    const feed = this.feedOf(tenantId);
    const age = now - feed.readAt;
    if (age >= this.options.boundMs / 2) this.read(tenantId, feed, now);
    return feed.mark !== null && age < this.options.boundMs;
  }

  /** The epoch to hand `keeps` once a value is computed, or null when nothing computed now may be kept. */
  epoch(tenantId: number): number | null {
    const feed = this.feedOf(tenantId);
    this.fresh(tenantId);
    return feed.mark === null ? null : feed.epoch;
  }

  /** Whether a value whose computation started at `epoch` may be kept: no change was told since. */
  keeps(tenantId: number, epoch: number | null): boolean {
    const feed = this.feedOf(tenantId);
    return epoch !== null && feed.mark !== null && feed.epoch === epoch;
  }

  private feedOf(tenantId: number): TenantFeed {
    let feed = this.feeds.get(tenantId);
    if (feed === undefined) {
      feed = { mark: null, readAt: -Infinity, epoch: 0, reading: false };
      this.feeds.set(tenantId, feed);
    }
    return feed;
  }

  private read(tenantId: number, feed: TenantFeed, now: number): void {
    if (feed.reading) return;
    feed.reading = true;
    // After a long pause the log may name a whole catalogue: start over from its end instead (nothing kept is fresh).
    if (feed.mark !== null && now - feed.readAt > this.options.idleMs) this.forget(tenantId, feed);
    this.next(tenantId, feed.mark).then(
      ({ mark, changed }) => {
        feed.reading = false;
        feed.mark = mark;
        feed.readAt = now;
        if (changed.length > 0) this.tell(tenantId, feed, changed);
      },
      (err: unknown) => {
        feed.reading = false;
        this.forget(tenantId, feed);
        this.options.onError(err);
      },
    );
  }

  private async next(tenantId: number, mark: Watermark | null): Promise<{ mark: Watermark; changed: number[] }> {
    if (mark === null) return { mark: await currentWatermark(this.db, tenantId), changed: [] };
    const { productIds, next } = await changesSince(this.db, tenantId, mark);
    return { mark: next, changed: productIds };
  }

  /** Loses the read position: every cached value of the tenant goes, and none is served until a read succeeds. */
  private forget(tenantId: number, feed: TenantFeed): void {
    feed.mark = null;
    this.tell(tenantId, feed, null);
  }

  private tell(tenantId: number, feed: TenantFeed, changed: readonly number[] | null): void {
    feed.epoch++;
    for (const listener of this.listeners) listener(tenantId, changed);
  }
}
