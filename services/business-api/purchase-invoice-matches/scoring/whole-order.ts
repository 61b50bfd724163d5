import { bestFitAssignment, type ScoredEdge } from '../assignment/best-fit';
import type { FlowSolver } from '../assignment/flow-solver';
import { buildCandidateIndex } from './candidate-index';
import { lineKeys, scorePair } from './score-pair';
import type { InvoiceDraft, OpenReceipt, Tolerances } from './types';

export type PlannedPair = { invoiceLineIndex: number; orderItemId: number; receiptId: number; qty: number };

export type WholeOrderPlan = {
  pairs: PlannedPair[];
  /** Receipts that got no quantity: no invoice line is their product, or those lines are already covered. */
  unattached: OpenReceipt[];
};

/** Every same-product (line, receipt) pair with its score: the only pairs a whole order may be spread over. */
export function wholeOrderEdges(
  draft: InvoiceDraft,
  receipts: readonly OpenReceipt[],
  tolerances: Tolerances,
): ScoredEdge[] {
  const index = buildCandidateIndex(receipts, draft.poNumber);
  const edges: ScoredEdge[] = [];
  for (const line of draft.lines) {
    const keys = lineKeys(line);
    for (const receipt of receipts) {
      const ctx = {
        tolerances,
        invoiceDateMs: draft.invoiceDateMs,
        poNumber: draft.poNumber,
        orderLineOpenQty: index.orderLineOpenQty(receipt.orderItemId),
      };
      const pair = scorePair(line, receipt, ctx, { line: keys, receipt: index.keysOf(receipt) });
      if (pair.sameProduct && pair.score > 0)
        edges.push({ lineIndex: line.index, receiptId: receipt.id, score: pair.score });
    }
  }
  return edges;
}

/**
 * Spreads one purchase order's open receipts over the draft's lines by best fit (highest total score).
 * `lineOpenQty` is what each line still needs (its quantity less pairs already stored); lines missing from it
 * need their whole quantity. Pure: the caller stores the pairs, or refuses when some receipt is unattached.
 */
export function planWholeOrder(
  draft: InvoiceDraft,
  lineOpenQty: ReadonlyMap<number, number>,
  receipts: readonly OpenReceipt[],
  tolerances: Tolerances,
  solve?: FlowSolver,
): WholeOrderPlan {
  const lines = draft.lines.map((l) => ({ index: l.index, openQty: lineOpenQty.get(l.index) ?? l.quantity }));
  const supply = receipts.map((r) => ({ id: r.id, openQty: r.openQuantity }));
  const assigned = bestFitAssignment(lines, supply, wholeOrderEdges(draft, receipts, tolerances), solve);
  const byId = new Map(receipts.map((r) => [r.id, r]));
  const pairs = assigned.map((p) => ({
    invoiceLineIndex: p.lineIndex,
    orderItemId: byId.get(p.receiptId)?.orderItemId ?? 0,
    receiptId: p.receiptId,
    qty: p.qty,
  }));
  const attached = new Set(pairs.map((p) => p.receiptId));
  return { pairs, unattached: receipts.filter((r) => !attached.has(r.id)) };
}
