import type { RecordedSearch } from './search-fact';

const DAY_MS = 86_400_000;

/** Distinct searches a tally holds before it rolls them up of its own accord. */
export const MAX_TALLIED_SEARCHES = 10_000;

/** Rolls up one search counted `count` times, at `at` (an instant of the UTC day they were made). */
export type RollSearch = (search: RecordedSearch, count: number, at: number) => void;

/**
 * Searches counted by identity until they are rolled up. A cached answer's search is one object, recorded each
 * time the answer is sent: a listing sent 10,000 times between two flushes costs 10,000 map increments and one
 * roll-up, where rolling up each request cost a group key, a summary update per query and filter, and the clock.
 * Roll-ups happen in the order each search was last counted (a query's last total stays the last one seen), before
 * the UTC day changes (a search stays in the day it was made), and whenever `maxSearches` distinct ones are held.
 */
export class SearchTally {
  private counts = new Map<RecordedSearch, { count: number; last: number }>();
  private counted = 0;
  private dayEnd: number;

  constructor(
    private readonly roll: RollSearch,
    private readonly maxSearches = MAX_TALLIED_SEARCHES,
    now = Date.now(),
  ) {
    this.dayEnd = nextDay(now);
  }

  /** Distinct searches held now. */
  get size(): number {
    return this.counts.size;
  }

  /** Counts one search made at `now`. */
  add(search: RecordedSearch, now: number): void {
    if (now >= this.dayEnd) this.rollUp(now);
    this.counted += 1;
    const held = this.counts.get(search);
    if (held !== undefined) {
      held.count += 1;
      held.last = this.counted;
      return;
    }
    this.counts.set(search, { count: 1, last: this.counted });
    if (this.counts.size >= this.maxSearches) this.rollUp(now);
  }

  /** Rolls up every search held (all made before `now`), and starts afresh. */
  rollUp(now: number): void {
    // Every search held was made before dayEnd: one made after it would have rolled them up first.
    const at = Math.min(now, this.dayEnd - 1);
    const held = [...this.counts].sort((a, b) => a[1].last - b[1].last);
    this.counts = new Map();
    if (now >= this.dayEnd) this.dayEnd = nextDay(now);
    for (const [search, { count }] of held) this.roll(search, count, at);
  }
}

const nextDay = (at: number): number => at - (at % DAY_MS) + DAY_MS;
