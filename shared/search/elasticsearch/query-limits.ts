/** How long one call attempt may take, and how often a failed connection is retried on another node. */
export interface QueryLimits {
  timeoutMs: number;
  retries: number;
}

/**
 * A stalled node costs a storefront query 2.5 s before it fails as UNAVAILABLE (503): the transport retries a
 * lost connection (once here), not a timeout (its `retryOnTimeout` is off).
 */
export const DEFAULT_QUERY_LIMITS: QueryLimits = { timeoutMs: 2_500, retries: 1 };

/** The per-request transport options of a bounded call (the client's own default timeout is 30 s). */
export function boundedCall(limits: QueryLimits): { requestTimeout: number; maxRetries: number } {
  return { requestTimeout: limits.timeoutMs, maxRetries: limits.retries };
}
