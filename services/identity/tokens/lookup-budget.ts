import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimitedError } from '../../../shared/errors';
import type { Redis } from '../../../shared/redis';
import type { IdentitySettings } from '../config';

/** The token endpoint's throttles: a lookup budget per client id and a failure budget per caller address. */
export type LookupBudget = {
  /** Throws RateLimitedError while `ip` has spent its failure budget. */
  assertIpAllowed(ip: string): Promise<void>;
  /** Spends one lookup of `clientId`'s budget; throws RateLimitedError once it is spent. */
  consumeLookup(clientId: string): Promise<void>;
  /** Counts a failed client authentication against `ip`. */
  recordFailure(ip: string): Promise<void>;
};

type BudgetSettings = Pick<IdentitySettings, 'budget' | 'failedAttemptsPerIp' | 'rateLimitKeyPrefix'>;

/** Budgets kept in Redis, so every identity process shares them. */
export function createLookupBudget(redis: Redis, settings: BudgetSettings): LookupBudget {
  const perClient = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${settings.rateLimitKeyPrefix}:token-client`,
    points: settings.budget.points,
    duration: settings.budget.windowSeconds,
  });
  const failures = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${settings.rateLimitKeyPrefix}:token-failed-ip`,
    points: settings.failedAttemptsPerIp.points,
    duration: settings.failedAttemptsPerIp.windowSeconds,
  });
  return {
    async assertIpAllowed(ip) {
      const spent = await failures.get(ip);
      if (spent && spent.consumedPoints >= settings.failedAttemptsPerIp.points) {
        throw new RateLimitedError(retryAfterSeconds(spent), 'Too many failed attempts from this address; retry after the number of seconds in Retry-After.');
      }
    },
    async consumeLookup(clientId) {
      try {
        await perClient.consume(clientId);
      } catch (rejection) {
        // The limiter rejects with a RateLimiterRes when the budget is spent, with an Error when Redis fails.
        if (rejection instanceof RateLimiterRes) throw new RateLimitedError(retryAfterSeconds(rejection));
        throw rejection;
      }
    },
    async recordFailure(ip) {
      await failures.penalty(ip, 1);
    },
  };
}

/** Whole seconds, at least 1: `Retry-After` is an integer and 0 would invite an immediate retry. */
const retryAfterSeconds = (res: RateLimiterRes): number => Math.max(1, Math.ceil(res.msBeforeNext / 1000));
