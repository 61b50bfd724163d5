import type { Reason } from './types';

/**
 * Points per signal. The best possible pair scores exactly 100: identity 40 (vendor SKU and product number),
 * quantity 25, price 20, order reference 10, date window 5. Identity counts once: the strongest identity
 * signal, plus IDENTITY_BOTH_BONUS when both the vendor SKU and the product number agree.
 */
export const WEIGHTS: Readonly<Record<Exclude<Reason, 'CombinedReceipts'>, number>> = Object.freeze({
  VendorSku: 35,
  ProductNumber: 30,
  Description: 15,
  QtyExact: 25,
  QtyWithinTolerance: 15,
  PriceExact: 20,
  PriceWithinTolerance: 10,
  DateWindow: 5,
  OrderReference: 10,
});

export const IDENTITY_BOTH_BONUS = 5;

export const MAX_SCORE = 100;
