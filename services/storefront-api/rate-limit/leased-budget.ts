import { RateLimiterRes } from 'rate-limiter-flexible';

/** The shared counter a budget leases from: rate-limiter-flexible's `consume(key, points)`. */
export interface SharedCounter {
  consume(key: string, points: number): Promise<RateLimiterRes>;
}

/** What this process holds of one key's budget in the current window. */
type Lease = {
  /** Points leased and not yet spent. */
  left: number;
  /** How many points the last lease asked for. */
  size: number;
  /** What the shared counter had left after the last lease; 0 once the budget is spent. */
  remaining: number;
  /** When the shared window ends (ms since the epoch); the lease and what is known end with it. */
  endsAt: number;
};

/** Lease at most this share of what the window has left, so the last points of a budget go one at a time. */
const SHARE = 8;
export const MAX_LEASE = 64;
/** A full-size lease is refilled when this many of its points are left. */
const AHEAD = MAX_LEASE / 4;
/** Two leases whose windows end less than this apart are of the same window (windows are a second or longer). */
const SAME_WINDOW_MS = 100;
/** Leases kept before ended windows are swept out (then twice as many as were left). */
const SWEEP_FROM = 10_000;

const SPENT = Promise.resolve();

/**
 * A per-key budget of `points` a window, counted in a shared store, spent here from leases: a process takes
 * several points of a busy key's budget in one call (up to an eighth of what the window has left, at most 64) and
 * spends them in memory, instead of one store round trip per request. A key's first call in a window leases one
 * point, so a quiet key costs what it did; a busy one is refilled before its lease runs out. Never allows more
 * than `points` a window in all; with one process the limit is exact, and with several, points one process leased
 * and did not spend are refused to the others.
 */
export class LeasedBudget {
  private readonly leases = new Map<string, Lease>();
  private readonly pending = new Map<string, Promise<void>>();
  private sweepAt = SWEEP_FROM;

  constructor(
    private readonly counter: SharedCounter,
    private readonly points: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Spends one point of `key`'s budget; rejects with a RateLimiterRes (msBeforeNext) once the window's is spent. */
  consume(key: string): Promise<void> {
    if (this.spendHeld(key)) return SPENT;
    const lease = this.current(key);
    if (lease !== undefined && lease.remaining === 0)
      return Promise.reject(new RateLimiterRes(0, lease.endsAt - this.now(), this.points + 1, false));
    return this.refilling(key, lease).then(() => this.consume(key));
  }

  /** Spends one point of a lease this process holds for `key`, without the store; false when it holds none. */
  spendHeld(key: string): boolean {
    const lease = this.current(key);
    if (lease === undefined || lease.left === 0) return false;
    lease.left--;
    // A key busy enough to lease the most is refilled before it runs out: its requests need not wait for the store.
    if (lease.left === AHEAD && lease.size === MAX_LEASE && lease.remaining > 0)
      this.refilling(key, lease).catch(() => undefined);
    return true;
  }

  /** The lease on its way for `key`: requests arriving meanwhile wait for it instead of each asking the store. */
  private refilling(key: string, lease: Lease | undefined): Promise<void> {
    let refill = this.pending.get(key);
    if (refill === undefined) {
      refill = this.refill(key, lease).finally(() => this.pending.delete(key));
      this.pending.set(key, refill);
    }
    return refill;
  }

  private current(key: string): Lease | undefined {
    const lease = this.leases.get(key);
    if (lease === undefined || lease.endsAt > this.now()) return lease;
    this.leases.delete(key);
    return undefined;
  }

  private async refill(key: string, last: Lease | undefined): Promise<void> {
    const size = last === undefined ? 1 : Math.max(1, Math.min(MAX_LEASE, Math.floor(last.remaining / SHARE)));
    let answer: RateLimiterRes;
    try {
      answer = await this.counter.consume(key, size);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      answer = rejection;
    }
    // The store counted all `size` points for this process; those within the budget are its to spend.
    const granted = Math.max(0, Math.min(size, this.points - (answer.consumedPoints - size)));
    const lease: Lease = {
      left: granted,
      size,
      remaining: granted === 0 ? 0 : answer.remainingPoints,
      endsAt: this.now() + answer.msBeforeNext,
    };
    // Leased ahead: what is left of the current lease is still this process's to spend, in the same window only (a
    // new window ends at least its length later; the same one moves by round-trip jitter).
    const held = this.current(key);
    if (held !== undefined && lease.endsAt - held.endsAt < SAME_WINDOW_MS) lease.left += held.left;
    this.evictExpired();
    this.leases.set(key, lease);
  }

  /** Drops ended windows now and then: keys seen once (an address) would otherwise stay for good. */
  private evictExpired(): void {
    if (this.leases.size < this.sweepAt) return;
    const now = this.now();
    for (const [key, lease] of this.leases) if (lease.endsAt <= now) this.leases.delete(key);
    this.sweepAt = Math.max(SWEEP_FROM, this.leases.size * 2);
  }
}
