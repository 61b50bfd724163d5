import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../../shared/errors';
import type { RateLimitRejections } from '../../../shared/metrics/rate-limit-metrics';
import type { Redis, RedisOptions } from '../../../shared/redis';
import type { KeyKind } from '../../../shared/storefront-config/keys';

/** Requests per window (a minute in production) by caller class (spec "Limits"). */
export const RATE_LIMITS = { key: 600, secret: 6000, anonymous: 60 } as const;

export class RateLimitedError extends AppError {
  constructor(retryAfterSeconds: number) {
    super(429, 'RATE_LIMITED', `Too many requests; retry after ${retryAfterSeconds} s.`, { retryAfterSeconds });
    this.name = 'RateLimitedError';
  }
}

/**
 * The options of the limiter's own connection: no offline queue, so while Redis is down a call fails at once and
 * the insurance limiter answers, instead of the request waiting for a reconnect; and a command time limit, so a
 * Redis that is connected but does not answer hands over to the insurance limiter too. Auto-pipelining: every
 * request spends its budget with one command, and the commands of one tick share one write.
 */
export const LIMITER_REDIS_OPTIONS: RedisOptions = { connectionName: 'storefront-api-limits', enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 200, enableAutoPipelining: true };

function limiter(redis: Redis, keyPrefix: string, points: number, duration: number): RateLimiterRedis {
  // While Redis is down, an in-process limiter with the same budget takes over: limits hold per process, and
  // reads keep answering instead of failing on the store.
  return new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration, insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }) });
}

export interface RateLimits {
  /** Spends one request of a valid key's budget (600, or 6000 for a secret key); throws RateLimitedError past it. */
  key(kind: KeyKind, keyId: number): Promise<void>;
  /** Spends one request of an address's budget for calls without a valid key (60). */
  anonymous(ip: string): Promise<void>;
}

/**
 * The storefront's limits in Redis (rate-limiter-flexible), shared by every process. `redis` should fail fast
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
      throw new RateLimitedError(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
    }
  };
  return {
    key: (kind, keyId) => consume(kind === 'secret' ? 'secret' : 'key', String(keyId)),
    anonymous: (ip) => consume('anonymous', ip),
  };
}
