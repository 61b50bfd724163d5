import type { Tolerances } from './types';

/** Used for a tenant with no row in match_tolerances; the same values as that table's column defaults. */
export const DEFAULT_TOLERANCES: Readonly<Tolerances> = Object.freeze({
  qtyPercent: 0.05,
  pricePercent: 0.02,
  dateWindowDays: 30,
  autoEligibleScore: 80,
});

/** Suggestions per invoice line (spec: top 5 candidates). */
export const TOP_CANDIDATES = 5;

/**
 * The best candidate is ambiguous when a candidate on another purchase-order line scores within this many
 * points of it. 10 is the OrderReference weight: naming the purchase order is enough to tell two otherwise
 * identical receipts apart, a closer receipt date (5) is not.
 */
export const AMBIGUITY_MARGIN = 10;
