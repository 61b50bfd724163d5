import { UnavailableError } from '../../../shared/errors';

/** Retry-After while the rate-limit store is out: a Redis restart or failover takes seconds. */
export const STORE_RETRY_AFTER_SECONDS = 5;

export const storeOutage = () =>
  new UnavailableError(
    STORE_RETRY_AFTER_SECONDS,
    'The token service cannot check its rate limits right now; retry after the number of seconds in Retry-After.',
  );

/**
 * Runs a rate-limit store call, failing with 503 `unavailable` when it has not answered within `timeoutMs`
 * or failed outright. `isRefusal` picks out the rejections that are answers (a spent budget), which pass
 * through as they are. Without the limit a request would wait for Redis to come back.
 */
export async function guardStore<T>(
  timeoutMs: number,
  isRefusal: (rejection: unknown) => boolean,
  call: () => Promise<T>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(storeOutage()), timeoutMs);
  });
  try {
    return await Promise.race([call(), timeout]);
  } catch (rejection) {
    if (isRefusal(rejection)) throw rejection;
    throw rejection instanceof UnavailableError ? rejection : storeOutage();
  } finally {
    clearTimeout(timer);
  }
}
