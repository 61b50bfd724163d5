/** Default and maximum page size of one list endpoint. */
export type PageLimits = { default: number; max: number };

/** Lists without a limit of their own in the spec (see docs/decisions.md). */
export const DEFAULT_PAGE_LIMITS: PageLimits = { default: 50, max: 200 };

/** The page size a list applies; `truncated` when it is smaller than the caller asked for. */
export type AppliedPageSize = { size: number; truncated: boolean };

/**
 * The page size to apply: the request's, else the default, never above the maximum.
 * `truncated` is true when the server applied a smaller page than the caller asked for.
 */
export function resolvePageSize(requested: number | undefined, limits: PageLimits): AppliedPageSize {
  if (requested === undefined) return { size: limits.default, truncated: false };
  return requested > limits.max ? { size: limits.max, truncated: true } : { size: requested, truncated: false };
}
