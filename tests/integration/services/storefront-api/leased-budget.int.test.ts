import { createRedis, type Redis } from '../../../../shared/redis';
import { MAX_LEASE } from '../../../../services/storefront-api/rate-limit/leased-budget';
import {
  createRateLimits,
  RATE_LIMITS,
  type RateLimits,
} from '../../../../services/storefront-api/rate-limit/rate-limits';
import { RateLimitedError } from '../../../../shared/errors';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';

/** Spends `n` requests of a publishable key's budget one after another; how many were allowed and refused. */
async function spend(limits: RateLimits, keyId: number, n: number): Promise<{ allowed: number; refused: number }> {
  let allowed = 0;
  let refused = 0;
  for (let i = 0; i < n; i++) {
    try {
      await limits.key('publishable', keyId);
      allowed++;
    } catch (rejection) {
      if (!(rejection instanceof RateLimitedError)) throw rejection;
      refused++;
    }
  }
  return { allowed, refused };
}

// Two storefront processes: each its own Redis connection and its own limits (leases held in its memory), sharing
// one budget per key through Redis, as every process of a deployment does.
describe('a key budget shared by two processes through Redis', () => {
  let r: TestRedis;
  let other: Redis;

  beforeAll(() => {
    r = createTestRedis();
    other = createRedis(r.url, { keyPrefix: `${r.prefix}:` });
  });
  afterAll(async () => {
    other.disconnect();
    await r.cleanup();
  });

  it('never allows more than the budget in all, and loses at most the two leases', async () => {
    const processes = [createRateLimits(r.redis, 60), createRateLimits(other, 60)];
    // Both spend at once, together asking for more than the budget.
    const [first, second] = await Promise.all(processes.map((limits) => spend(limits, 7, RATE_LIMITS.key)));
    const allowed = first!.allowed + second!.allowed;
    expect(allowed).toBeLessThanOrEqual(RATE_LIMITS.key);
    expect(allowed).toBeGreaterThanOrEqual(RATE_LIMITS.key - 2 * MAX_LEASE);
    // Each spent part of the one budget, and each was refused once the other had spent the rest.
    for (const { allowed: own, refused } of [first!, second!]) expect([own > 0, refused > 0]).toEqual([true, true]);
  });
});
