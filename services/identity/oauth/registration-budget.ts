import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimitedError } from '../../../shared/errors';
import type { RateLimitRejections } from '../../../shared/metrics/rate-limit-metrics';
import type { Redis } from '../../../shared/redis';
import type { IdentitySettings } from '../config';
import { guardStore } from '../tokens/store-guard';

/**
 * Registrations an address may make per hour: enough for a person trying several clients, not for filling the table.
 */
export const REGISTRATIONS_PER_HOUR = 20;

/**
 * Dynamic registration is open to anyone (RFC 7591 without an initial access token), so each address gets a
 * small hourly budget in Redis, shared by every identity process.
 */
export function createRegistrationBudget(
  redis: Redis,
  settings: Pick<IdentitySettings, 'rateLimitKeyPrefix' | 'storeTimeoutMs'>,
  rejections?: RateLimitRejections,
  points = REGISTRATIONS_PER_HOUR,
) {
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${settings.rateLimitKeyPrefix}:oauth-register`,
    points,
    duration: 3600,
    rejectIfRedisNotReady: true,
  });
  return async (ip: string): Promise<void> => {
    try {
      await guardStore(
        settings.storeTimeoutMs,
        (r) => r instanceof RateLimiterRes,
        () => limiter.consume(ip),
      );
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      rejections?.rejected('client_registration');
      throw new RateLimitedError(
        Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
        'Too many client registrations from this address; retry after the number of seconds in Retry-After.',
      );
    }
  };
}
export type RegistrationBudget = ReturnType<typeof createRegistrationBudget>;
