import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import {
  LeasedBudget,
  MAX_LEASE,
  type SharedCounter,
} from '../../../../services/storefront-api/rate-limit/leased-budget';

/** rate-limiter-flexible's in-memory limiter as the shared store, with its calls and their points recorded. */
function sharedCounter(points: number, durationSeconds = 60) {
  const store = new RateLimiterMemory({ points, duration: durationSeconds });
  const calls: number[] = [];
  const counter: SharedCounter = {
    consume: (key, n) => {
      calls.push(n);
      return store.consume(key, n);
    },
  };
  const consumed = async (key: string) => (await store.get(key))?.consumedPoints ?? 0;
  return { counter, calls, consumed };
}

/** Spends `n` points one after another; the number allowed, and the first refusal. */
async function spend(
  budget: LeasedBudget,
  key: string,
  n: number,
): Promise<{ allowed: number; refusal: RateLimiterRes | null }> {
  let allowed = 0;
  let refusal: RateLimiterRes | null = null;
  for (let i = 0; i < n; i++) {
    try {
      await budget.consume(key);
      allowed++;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      refusal ??= rejection;
    }
  }
  return { allowed, refusal };
}

describe('LeasedBudget', () => {
  it('allows exactly the budget in a window, then refuses with the time left', async () => {
    const shared = sharedCounter(600);
    const budget = new LeasedBudget(shared.counter, 600);
    const { allowed, refusal } = await spend(budget, 'k', 700);
    expect(allowed).toBe(600);
    expect(refusal?.msBeforeNext).toBeGreaterThan(0);
    expect(refusal?.msBeforeNext).toBeLessThanOrEqual(60_000);
    // Once the budget is known to be spent, refusals are answered from memory.
    const callsAfter = shared.calls.length;
    await spend(budget, 'k', 10);
    expect(shared.calls.length).toBe(callsAfter);
  });

  it('leases one point for a quiet key, and up to an eighth of what is left (at most 64) for a busy one', async () => {
    const shared = sharedCounter(6000);
    const budget = new LeasedBudget(shared.counter, 6000);
    await budget.consume('k');
    expect(shared.calls).toEqual([1]);
    expect(await shared.consumed('k')).toBe(1);
    await spend(budget, 'k', 200);
    expect(shared.calls.slice(1).every((n) => n === MAX_LEASE)).toBe(true);
    // 201 spent: one, then 64-point leases; far fewer store calls than requests.
    expect(shared.calls.length).toBe(5);
    expect(await shared.consumed('k')).toBe(1 + 4 * MAX_LEASE);
    const small = sharedCounter(60);
    const sixty = new LeasedBudget(small.counter, 60);
    await spend(sixty, 'ip', 60);
    expect(small.calls.slice(0, 3)).toEqual([1, 7, 6]);
    // The last points go one at a time.
    expect(small.calls.slice(-3)).toEqual([1, 1, 1]);
  });

  it('spends a held lease without the store, and holds nothing for a key it has not leased', async () => {
    const shared = sharedCounter(600);
    const budget = new LeasedBudget(shared.counter, 600);
    expect(budget.spendHeld('k')).toBe(false);
    await budget.consume('k');
    await budget.consume('k');
    const calls = shared.calls.length;
    expect(budget.spendHeld('k')).toBe(true);
    expect(shared.calls.length).toBe(calls);
    expect(budget.spendHeld('other')).toBe(false);
  });

  it('lets requests that arrive together share one lease instead of each asking the store', async () => {
    const shared = sharedCounter(6000);
    const budget = new LeasedBudget(shared.counter, 6000);
    await budget.consume('k');
    await Promise.all(Array.from({ length: 40 }, () => budget.consume('k')));
    expect(shared.calls).toEqual([1, MAX_LEASE]);
  });

  it('refills a busy key before its lease runs out, so its requests find points held', async () => {
    const shared = sharedCounter(6000);
    const budget = new LeasedBudget(shared.counter, 6000);
    await budget.consume('k');
    await budget.consume('k');
    // 63 held: spending 47 of them leaves a quarter of a full lease, and the next one is asked for then.
    for (let i = 0; i < 47; i++) expect(budget.spendHeld('k')).toBe(true);
    await new Promise(setImmediate);
    expect(shared.calls).toEqual([1, MAX_LEASE, MAX_LEASE]);
    const held = Array.from({ length: 16 + MAX_LEASE }, () => budget.spendHeld('k'));
    expect(held.every(Boolean)).toBe(true);
    // A quiet key is never leased ahead.
    await budget.consume('quiet');
    await new Promise(setImmediate);
    expect(shared.calls.filter((n) => n === 1)).toHaveLength(2);
  });

  describe('across windows (one fake clock for the budget and the store: jest moves time, nothing sleeps)', () => {
    // Promises and setImmediate stay real: a refill is a promise chain, and the tests let it land with setImmediate.
    beforeEach(() => jest.useFakeTimers({ now: 1_000_000, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }));
    afterEach(() => jest.useRealTimers());

    it('does not carry what is left of a lease into a window the store has already started anew', async () => {
      // The process's clock runs at half speed, so its lease is still current after the store's 1 s window ended:
      // the lease asked for ahead lands in the store's next window, which the old lease's points are no part of.
      const started = Date.now();
      const store = new RateLimiterMemory({ points: 6000, duration: 1 });
      const budget = new LeasedBudget(
        { consume: (key, n) => store.consume(key, n) },
        6000,
        () => started + (Date.now() - started) / 2,
      );
      await budget.consume('k');
      await budget.consume('k');
      for (let i = 0; i < 46; i++) budget.spendHeld('k');
      jest.advanceTimersByTime(1_200);
      expect(budget.spendHeld('k')).toBe(true);
      await new Promise(setImmediate);
      expect((await store.get('k'))?.consumedPoints).toBe(MAX_LEASE);
      let held = 0;
      while (budget.spendHeld('k')) held++;
      // The new lease only: the 16 points left of the old window's lease are gone with it.
      expect(held).toBe(MAX_LEASE);
    });

    it('starts over when the window ends', async () => {
      const store = new RateLimiterMemory({ points: 3, duration: 1 });
      const budget = new LeasedBudget({ consume: (key, n) => store.consume(key, n) }, 3, () => Date.now());
      expect((await spend(budget, 'k', 4)).allowed).toBe(3);
      jest.advanceTimersByTime(1_050);
      expect((await spend(budget, 'k', 4)).allowed).toBe(3);
    });
  });
});
