import { DAY_MS, closeness, codeKey, textKey } from './compare';
import type { InvoiceLine, OpenReceipt, PairScore, Reason, Tolerances } from './types';
import { IDENTITY_BOTH_BONUS, MAX_SCORE, WEIGHTS } from './weights';

/** What a pair's score depends on beyond the line and the receipt. */
export type PairContext = {
  tolerances: Tolerances;
  invoiceDateMs: number;
  poNumber: number | null;
  /** Open quantity of all receipts of the receipt's purchase-order line (a line delivered in parts). */
  orderLineOpenQty: number;
};

type Signals = { points: number; reasons: Reason[] };

/** A line's codes and description as compared. */
export type LineKeys = { sku: string | null; number: string | null; text: string | null };
/** A receipt's codes and description as compared. */
export type ReceiptKeys = { skus: ReadonlySet<string>; number: string | null; text: string | null };

export const lineKeys = (line: InvoiceLine): LineKeys => ({
  sku: codeKey(line.vendorSku),
  number: codeKey(line.productNumber),
  text: textKey(line.description),
});

export function receiptKeys(receipt: OpenReceipt): ReceiptKeys {
  const skus = new Set<string>();
  for (const sku of receipt.vendorSkus) {
    const key = codeKey(sku);
    if (key !== null) skus.add(key);
  }
  return { skus, number: codeKey(receipt.productNumber), text: textKey(receipt.description) };
}

function identitySignals(line: LineKeys, receipt: ReceiptKeys): Signals {
  const reasons: Array<'VendorSku' | 'ProductNumber' | 'Description'> = [];
  if (line.sku !== null && receipt.skus.has(line.sku)) reasons.push('VendorSku');
  if (line.number !== null && receipt.number === line.number) reasons.push('ProductNumber');
  if (line.text !== null && receipt.text === line.text) reasons.push('Description');
  const strongest = Math.max(0, ...reasons.map((r) => WEIGHTS[r]));
  const both = reasons.includes('VendorSku') && reasons.includes('ProductNumber');
  return { points: strongest + (both ? IDENTITY_BOTH_BONUS : 0), reasons };
}

function quantitySignals(line: InvoiceLine, receipt: OpenReceipt, ctx: PairContext): Signals {
  const own = closeness(line.quantity, receipt.openQuantity, ctx.tolerances.qtyPercent);
  if (own !== 'outside')
    return own === 'exact'
      ? { points: WEIGHTS.QtyExact, reasons: ['QtyExact'] }
      : { points: WEIGHTS.QtyWithinTolerance, reasons: ['QtyWithinTolerance'] };
  // A purchase-order line received in several deliveries is usually invoiced as one line.
  if (ctx.orderLineOpenQty <= receipt.openQuantity) return { points: 0, reasons: [] };
  const combined = closeness(line.quantity, ctx.orderLineOpenQty, ctx.tolerances.qtyPercent);
  if (combined === 'exact') return { points: WEIGHTS.QtyExact, reasons: ['QtyExact', 'CombinedReceipts'] };
  if (combined === 'within')
    return { points: WEIGHTS.QtyWithinTolerance, reasons: ['QtyWithinTolerance', 'CombinedReceipts'] };
  return { points: 0, reasons: [] };
}

function priceSignals(line: InvoiceLine, receipt: OpenReceipt, tolerances: Tolerances): Signals {
  const price = closeness(line.price, receipt.unitPrice, tolerances.pricePercent);
  if (price === 'exact') return { points: WEIGHTS.PriceExact, reasons: ['PriceExact'] };
  if (price === 'within') return { points: WEIGHTS.PriceWithinTolerance, reasons: ['PriceWithinTolerance'] };
  return { points: 0, reasons: [] };
}

function contextSignals(receipt: OpenReceipt, ctx: PairContext): Signals {
  const reasons: Array<'DateWindow' | 'OrderReference'> = [];
  if (Math.abs(ctx.invoiceDateMs - receipt.receivedAtMs) <= ctx.tolerances.dateWindowDays * DAY_MS)
    reasons.push('DateWindow');
  if (ctx.poNumber !== null && receipt.purchaseNumber === ctx.poNumber) reasons.push('OrderReference');
  return { points: reasons.reduce((sum, r) => sum + WEIGHTS[r], 0), reasons };
}

/**
 * Scores one receipt against one invoice line. Quantity and price only count for the same product: two
 * different articles that happen to share a quantity and a price are no evidence of a match. `keys` are the
 * normalised codes when the caller has them already (scoring many pairs).
 */
export function scorePair(
  line: InvoiceLine,
  receipt: OpenReceipt,
  ctx: PairContext,
  keys?: { line: LineKeys; receipt: ReceiptKeys },
): PairScore {
  const lk = keys?.line ?? lineKeys(line);
  const identity = identitySignals(lk, keys?.receipt ?? receiptKeys(receipt));
  const sameProduct = identity.reasons.length > 0 || (lk.sku === null && lk.number === null && lk.text === null);
  const parts = [identity, contextSignals(receipt, ctx)];
  if (sameProduct) parts.splice(1, 0, quantitySignals(line, receipt, ctx), priceSignals(line, receipt, ctx.tolerances));
  const score = parts.reduce((sum, p) => sum + p.points, 0);
  return { score: Math.min(MAX_SCORE, score), reasons: parts.flatMap((p) => p.reasons), sameProduct };
}
