import { Counter, Gauge, type Registry } from 'prom-client';
import type { Knex } from '../db/knex';
import { cannotBeStored } from '../db/storable-text';
import type { Logger } from '../logger';
import { deleteOlderThan, writeRollups } from './analytics-store';
import type { RecordedSearch, SearchFact } from './search-fact';
import { DEFAULT_ROLLUP_BOUNDS, SearchRollup, utcDay, type RollupBounds, type Rollups } from './search-rollup';
import { SearchTally } from './search-tally';

export interface AnalyticsOptions {
  /** How often the roll-ups go to PostgreSQL (a crash loses at most this long). */
  flushEveryMs: number;
  /** Days of roll-ups kept. */
  retentionDays: number;
  bounds: RollupBounds;
  /** Flushes' worth of roll-ups held while PostgreSQL cannot take them; older ones are dropped past it. */
  maxPendingFlushes: number;
}

export const DEFAULT_ANALYTICS: AnalyticsOptions = {
  flushEveryMs: 5_000,
  retentionDays: 90,
  bounds: DEFAULT_ROLLUP_BOUNDS,
  maxPendingFlushes: 120,
};

const RETENTION_EVERY_MS = 3_600_000;

const requestsIn = (rollups: Rollups) => rollups.volumes.reduce((sum, v) => sum + v.requests, 0);

/** A query or filter with a NUL: PostgreSQL text (and jsonb) cannot hold it, so the flush holding it would fail. */
const unstorable = (fact: SearchFact) => cannotBeStored(fact.query) || fact.filters.some(cannotBeStored);

/**
 * Search analytics of one storefront process: searches counted in memory (`record`, O(1), never I/O; tallied by
 * identity and rolled up in batches, see SearchTally) and flushed to PostgreSQL as daily roll-ups every
 * `flushEveryMs`. While PostgreSQL is down, flushes wait in memory up to `maxPendingFlushes`; past that the oldest
 * are dropped, counted on /metrics and logged once per outage.
 */
export class SearchAnalytics {
  private rollup: SearchRollup;
  private readonly tally = new SearchTally((search, count, at) => this.rollUp(search, count, at));
  private pending: Rollups[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  /** The flush asked for while one was running: it starts when that one ends. */
  private nextFlush: Promise<void> | null = null;
  /** Set while roll-ups are being dropped (logged once per outage), with the write's last failure. */
  private dropping = false;
  private lastError: unknown = null;
  private retainedAt = 0;
  private readonly dropped: Counter<'reason'>;

  constructor(
    private readonly deps: { db: Knex; logger: Logger; metrics: Registry },
    private readonly options: AnalyticsOptions = DEFAULT_ANALYTICS,
  ) {
    this.rollup = new SearchRollup(options.bounds);
    this.dropped = new Counter({
      name: 'storefront_search_analytics_dropped_total',
      help: 'Searches not recorded: their roll-up could not be stored in time (store), every group slot was taken (groups), or their text holds a NUL (unstorable).',
      labelNames: ['reason'],
      registers: [deps.metrics],
    });
    const pending = () => this.pending.length;
    new Gauge({
      name: 'storefront_search_analytics_pending_flushes',
      help: 'Roll-ups waiting for PostgreSQL.',
      registers: [deps.metrics],
      collect() {
        this.set(pending());
      },
    });
  }

  /** Counts one search (a served answer); never waits. */
  readonly record = (search: RecordedSearch): void => this.tally.add(search, Date.now());

  /**
   * Rolls up a search counted `count` times. One with a NUL is left out: the storefront answers it (free text), but
   * the flush holding it would fail, and every flush after it, losing every site's searches.
   */
  private rollUp(search: RecordedSearch, count: number, at: number): void {
    if (unstorable(search.fact)) return void this.dropped.inc({ reason: 'unstorable' }, count);
    if (!this.rollup.record(search.place, search.fact, at, count)) this.dropped.inc({ reason: 'groups' }, count);
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.flushEveryMs);
    this.timer.unref();
  }

  /**
   * Writes what was counted until now (and any roll-ups still waiting). One flush at a time: a flush asked for while
   * one is running runs after it, since the running one drained before the latest counts (one waits, shared).
   */
  flush(): Promise<void> {
    if (this.nextFlush !== null) return this.nextFlush;
    if (this.flushing === null) return this.flushAlone();
    this.nextFlush = this.flushing.then(() => {
      this.nextFlush = null;
      return this.flushAlone();
    });
    return this.nextFlush;
  }

  private flushAlone(): Promise<void> {
    const running = this.flushNow().finally(() => {
      if (this.flushing === running) this.flushing = null;
    });
    this.flushing = running;
    return running;
  }

  /** Stops the timer and flushes what is left. */
  async close(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  private async flushNow(): Promise<void> {
    this.tally.rollUp(Date.now());
    const drained = this.rollup.drain();
    if (drained.volumes.length > 0) this.pending.push(drained);
    while (this.pending.length > this.options.maxPendingFlushes) this.drop(this.pending.shift() as Rollups);
    try {
      while (this.pending.length > 0) {
        await writeRollups(this.deps.db, this.pending[0] as Rollups, this.options.bounds);
        this.pending.shift();
      }
      if (this.dropping) this.deps.logger.info('search analytics are stored again');
      this.dropping = false;
      await this.retain();
    } catch (err) {
      // Kept for the next flush; logged when it costs data (drop).
      this.lastError = err;
    }
  }

  private drop(rollups: Rollups): void {
    this.dropped.inc({ reason: 'store' }, requestsIn(rollups));
    if (this.dropping) return;
    this.dropping = true;
    this.deps.logger.warn(
      { err: this.lastError, pending: this.pending.length },
      'search analytics cannot be stored: the oldest roll-ups are dropped until PostgreSQL takes them again',
    );
  }

  private async retain(): Promise<void> {
    const now = Date.now();
    if (now - this.retainedAt < RETENTION_EVERY_MS) return;
    this.retainedAt = now;
    await deleteOlderThan(this.deps.db, this.options.retentionDays, utcDay(now));
  }
}
