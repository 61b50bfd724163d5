import { lineKeys, receiptKeys, type ReceiptKeys } from './score-pair';
import type { InvoiceLine, OpenReceipt } from './types';

/** Looks up the receipts worth scoring for an invoice line without scoring every receipt of the vendor. */
export type CandidateIndex = {
  candidatesFor(line: InvoiceLine): OpenReceipt[];
  /** Open quantity of all receipts of one purchase-order line. */
  orderLineOpenQty(orderItemId: number): number;
  /** The receipt's normalised codes, computed once. */
  keysOf(receipt: OpenReceipt): ReceiptKeys;
};

function push<K>(map: Map<K, OpenReceipt[]>, key: K | null, receipt: OpenReceipt): void {
  if (key === null) return;
  const list = map.get(key);
  if (list) list.push(receipt);
  else map.set(key, [receipt]);
}

/**
 * A line's candidates are the receipts that share its vendor SKU, product number or description, plus every
 * receipt of the purchase order the invoice names (so a mistyped code still finds its order's receipts).
 * A line naming no product at all gets every receipt.
 */
export function buildCandidateIndex(receipts: readonly OpenReceipt[], poNumber: number | null): CandidateIndex {
  const bySku = new Map<string, OpenReceipt[]>();
  const byNumber = new Map<string, OpenReceipt[]>();
  const byText = new Map<string, OpenReceipt[]>();
  const openByOrderItem = new Map<number, number>();
  const referenced: OpenReceipt[] = [];
  const keys = new Map<OpenReceipt, ReceiptKeys>();
  for (const r of receipts) {
    const k = receiptKeys(r);
    keys.set(r, k);
    for (const sku of k.skus) push(bySku, sku, r);
    push(byNumber, k.number, r);
    push(byText, k.text, r);
    if (poNumber !== null && r.purchaseNumber === poNumber) referenced.push(r);
    openByOrderItem.set(r.orderItemId, (openByOrderItem.get(r.orderItemId) ?? 0) + r.openQuantity);
  }
  const lookup = (map: Map<string, OpenReceipt[]>, key: string | null) => (key === null ? [] : (map.get(key) ?? []));
  return {
    candidatesFor(line) {
      const lk = lineKeys(line);
      if (lk.sku === null && lk.number === null && lk.text === null) return [...receipts];
      const seen = new Set<number>();
      const out: OpenReceipt[] = [];
      const lists = [lookup(bySku, lk.sku), lookup(byNumber, lk.number), lookup(byText, lk.text), referenced];
      for (const list of lists) {
        for (const r of list) {
          if (seen.has(r.id)) continue;
          seen.add(r.id);
          out.push(r);
        }
      }
      return out;
    },
    orderLineOpenQty: (orderItemId) => openByOrderItem.get(orderItemId) ?? 0,
    keysOf: (receipt) => keys.get(receipt) ?? receiptKeys(receipt),
  };
}
