import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimitedError } from '../../../shared/errors';
import type { RateLimitRejections } from '../../../shared/metrics/rate-limit-metrics';
import type { Redis, RedisOptions } from '../../../shared/redis';
import type { KeyKind } from '../../../shared/storefront-config/keys';
import { LeasedBudget } from './leased-budget';

/** Requests per window (a minute in production) by caller class (spec "Limits"). */
export const RATE_LIMITS = { key: 600, secret: 6000, anonymous: 60 } as const;

/** The storefront's refusal: the spec's RATE_LIMITED code, with `retryAfterSeconds` in the problem body too. */
const rateLimited = (retryAfterSeconds: number) =>
  new RateLimitedError(retryAfterSeconds, `Too many requests; retry after ${retryAfterSeconds} s.`, 'RATE_LIMITED');

/**
 * The options of the limiter's own connection: no offline queue, so while Redis is down a call fails at once and
 * the insurance limiter answers, instead of the request waiting for a reconnect; and a command time limit, so a
 * Redis that is connected but does not answer hands over to the insurance limiter too. Auto-pipelining: each
 * lease is one command, and the commands of one tick share one write.
 */
export const LIMITER_REDIS_OPTIONS: RedisOptions = {
  connectionName: 'storefront-api-limits',
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: 200,
  enableAutoPipelining: true,
};

function limiter(redis: Redis, keyPrefix: string, points: number, duration: number): LeasedBudget {
  // While Redis is down, an in-process limiter with the same budget takes over: limits hold per process, and
  // reads keep answering instead of failing on the store.
  const store = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points,
    duration,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
  });
  return new LeasedBudget(store, points);
}

export interface RateLimits {
  /** Spends one request of a valid key's budget (600, or 6000 for a secret key); throws RateLimitedError past it. */
  key(kind: KeyKind, keyId: number): Promise<void>;
  /** Spends one request of a valid key's budget from what this process already holds; false when that is nothing. */
  spendHeld(kind: KeyKind, keyId: number): boolean;
  /** Spends one request of an address's budget for calls without a valid key (60). */
  anonymous(ip: string): Promise<void>;
}

/**
 * The storefront's limits in Redis (rate-limiter-flexible), shared by every process, spent from leases (see
 * LeasedBudget: a busy key costs a Redis call per several requests, not per request). `redis` should fail fast
 * when disconnected (no offline queue), so the insurance limiter answers at once. Each refusal is counted under
 * its caller class (`key`, `secret`, `anonymous`).
 */
export function createRateLimits(redis: Redis, windowSeconds: number, rejections?: RateLimitRejections): RateLimits {
  const limiters = {
    key: limiter(redis, 'sf-rl-key', RATE_LIMITS.key, windowSeconds),
    secret: limiter(redis, 'sf-rl-secret', RATE_LIMITS.secret, windowSeconds),
    anonymous: limiter(redis, 'sf-rl-ip', RATE_LIMITS.anonymous, windowSeconds),
  };
  const consume = async (limit: keyof typeof RATE_LIMITS, key: string) => {
    try {
      await limiters[limit].consume(key);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      rejections?.rejected(limit);
      throw rateLimited(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
    }
  };
  const keyLimit = (kind: KeyKind) => (kind === 'secret' ? 'secret' : 'key');
  return {
    key: (kind, keyId) => consume(keyLimit(kind), String(keyId)),
    spendHeld: (kind, keyId) => limiters[keyLimit(kind)].spendHeld(String(keyId)),
    anonymous: (ip) => consume('anonymous', ip),
  };
}
