import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimitedError } from '../../../shared/errors';
import type { RateLimitRejections } from '../../../shared/metrics/rate-limit-metrics';
import type { Redis } from '../../../shared/redis';
import type { IdentitySettings } from '../config';
import { guardStore } from './store-guard';

/**
 * The token endpoint's throttles (docs/decisions.md, "Token endpoint abuse"): an issuing budget per client id that
 * only authenticated requests spend, and failure budgets per caller address and per client id.
 */
export type LookupBudget = {
  /** Throws RateLimitedError while `ip` has spent its failure budget. */
  assertIpAllowed(ip: string): Promise<void>;
  /**
   * Spends one token of `clientId`'s issuing budget, after its secret was checked; RateLimitedError once it is spent.
   */
  consumeIssue(clientId: string): Promise<void>;
  /**
   * Counts a failed client authentication against `ip` and against `clientId`. While `clientId` is over its failure
   * limit, one more failure for it blocks `ip` at once: a spread-out guesser gets one try per address, and the
   * owner, whose secret is right, is never refused for it.
   */
  recordFailure(ip: string, clientId: string | undefined): Promise<void>;
};

type BudgetSettings = Pick<
  IdentitySettings,
  'budget' | 'failedAttemptsPerIp' | 'failedAttemptsPerClient' | 'rateLimitKeyPrefix' | 'storeTimeoutMs'
>;

const isSpent = (rejection: unknown): boolean => rejection instanceof RateLimiterRes;

/**
 * Budgets kept in Redis, so every identity process shares them; a Redis that does not answer in time is a 503.
 * Refusals are counted as `token_failed_attempts` (an address blocked) and `token_issue` (a client's budget spent).
 */
export function createLookupBudget(
  redis: Redis,
  settings: BudgetSettings,
  rejections?: RateLimitRejections,
): LookupBudget {
  const limiter = (name: string, { points, windowSeconds }: { points: number; windowSeconds: number }) =>
    new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${settings.rateLimitKeyPrefix}:${name}`,
      points,
      duration: windowSeconds,
      // Fail at once while disconnected instead of queueing the command until Redis is back.
      rejectIfRedisNotReady: true,
    });
  const issues = limiter('token-client', settings.budget);
  const failedByIp = limiter('token-failed-ip', settings.failedAttemptsPerIp);
  const failedByClient = limiter('token-failed-client', settings.failedAttemptsPerClient);
  const guard = <T>(call: () => Promise<T>) => guardStore(settings.storeTimeoutMs, isSpent, call);

  return {
    async assertIpAllowed(ip) {
      const spent = await guard(() => failedByIp.get(ip));
      if (spent && spent.consumedPoints >= settings.failedAttemptsPerIp.points) {
        rejections?.rejected('token_failed_attempts');
        throw new RateLimitedError(
          retryAfterSeconds(spent),
          'Too many failed attempts from this address; retry after the number of seconds in Retry-After.',
        );
      }
    },
    async consumeIssue(clientId) {
      try {
        await guard(() => issues.consume(clientId));
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        rejections?.rejected('token_issue');
        throw new RateLimitedError(retryAfterSeconds(rejection));
      }
    },
    async recordFailure(ip, clientId) {
      const forClient = clientId === undefined ? undefined : await guard(() => failedByClient.penalty(clientId, 1));
      const underAttack = forClient !== undefined && forClient.consumedPoints > settings.failedAttemptsPerClient.points;
      await guard(() => failedByIp.penalty(ip, underAttack ? settings.failedAttemptsPerIp.points : 1));
    },
  };
}

/** Whole seconds, at least 1: `Retry-After` is an integer and 0 would invite an immediate retry. */
const retryAfterSeconds = (res: RateLimiterRes): number => Math.max(1, Math.ceil(res.msBeforeNext / 1000));
