import type { ConfirmBody } from './schemas';
import { roundQty } from './scoring/compare';
import type { InvoiceLine } from './scoring/types';
import type { DraftRecord } from './store/drafts';
import type { ReceiptState } from './store/receipts';

export type PairRow = { invoiceLineIndex: number; orderItemId: number; receiptId: number; qty: number };
type RequestedPair = ConfirmBody['matches'][number];

/** What the confirm plan reads: the locked draft, its paired quantities and the requested receipts. */
export type ConfirmState = {
  draft: DraftRecord;
  matchedPerLine: ReadonlyMap<number, number>;
  /** `${invoiceLineIndex}:${receiptId}` of pairs the draft already has. */
  existingPairs: ReadonlySet<string>;
  receipts: ReadonlyMap<number, ReceiptState>;
};

export type ConfirmPlan = { rows: PairRow[]; problems: string[] };

/** What each draft line still needs matched: its quantity less what is already paired, never below 0. Pure. */
export function openQtyPerLine(
  lines: readonly InvoiceLine[],
  matchedPerLine: ReadonlyMap<number, number>,
): Map<number, number> {
  return new Map(lines.map((l) => [l.index, Math.max(0, roundQty(l.quantity - (matchedPerLine.get(l.index) ?? 0)))]));
}

/** Why a requested pair refers to something it may not, or undefined when the references hold. */
function referenceProblem(p: RequestedPair, state: ConfirmState): string | undefined {
  const receipt = state.receipts.get(p.invTransactionId);
  if (!state.draft.lines.some((l) => l.index === p.invoiceLineIndex))
    return `invoiceLineIndex ${p.invoiceLineIndex} is not a line of draft ${state.draft.id}.`;
  if (!receipt) return `invTransactionId ${p.invTransactionId} is not a receipt of this tenant.`;
  if (receipt.orderItemId !== p.orderItemId)
    return `Receipt ${receipt.id} is against order item ${receipt.orderItemId}, not ${p.orderItemId}.`;
  if (receipt.vendorId !== state.draft.vendorId) return `Receipt ${receipt.id} is not from the invoice's vendor.`;
  return undefined;
}

/**
 * Checks a confirm request and works out each new pair's quantity: as much of the receipt's open quantity
 * as the invoice line still needs (three-way matching pairs what was both received and invoiced). Pairs are
 * taken in request order, so one receipt can be split over two lines. A pair the draft already has is left
 * as it is (a repeated confirm is harmless). Any problem refuses the whole request. Pure.
 */
export function planConfirm(pairs: readonly RequestedPair[], state: ConfirmState): ConfirmPlan {
  const problems: string[] = [];
  const rows: PairRow[] = [];
  const seen = new Set<string>();
  const receiptOpen = new Map([...state.receipts].map(([id, r]) => [id, r.openQuantity]));
  const lineNeed = openQtyPerLine(state.draft.lines, state.matchedPerLine);
  for (const p of pairs) {
    const key = `${p.invoiceLineIndex}:${p.invTransactionId}`;
    const problem =
      referenceProblem(p, state) ??
      (seen.has(key)
        ? `The pair (invoiceLineIndex ${p.invoiceLineIndex}, invTransactionId ${p.invTransactionId}) is listed twice.`
        : undefined);
    seen.add(key);
    if (problem) {
      problems.push(problem);
      continue;
    }
    if (state.existingPairs.has(key)) continue;
    const receipt = state.receipts.get(p.invTransactionId) as ReceiptState;
    const open = receiptOpen.get(receipt.id) ?? 0;
    const need = lineNeed.get(p.invoiceLineIndex) ?? 0;
    if (receipt.booked) problems.push(`Receipt ${receipt.id} is already booked.`);
    else if (open <= 0)
      problems.push(
        `Receipt ${receipt.id} has no quantity left to match (received ${receipt.receivedQty}, all of it matched).`,
      );
    else if (need <= 0) problems.push(`Invoice line ${p.invoiceLineIndex} is already fully matched.`);
    else {
      const qty = roundQty(Math.min(open, need));
      rows.push({ invoiceLineIndex: p.invoiceLineIndex, orderItemId: p.orderItemId, receiptId: receipt.id, qty });
      receiptOpen.set(receipt.id, roundQty(open - qty));
      lineNeed.set(p.invoiceLineIndex, roundQty(need - qty));
    }
  }
  return { rows, problems };
}
