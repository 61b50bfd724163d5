import type {
  AssignedPair,
  DemandLine,
  ScoredEdge,
  SupplyReceipt,
} from '../../../../../services/business-api/purchase-invoice-matches/assignment/best-fit';

/**
 * The first-come baseline the best fit must never lose to: receipts in id order, each filling its
 * highest-scoring lines that still need quantity, until the receipt or the lines run out.
 */
export function greedyAssignment(
  lines: readonly DemandLine[],
  receipts: readonly SupplyReceipt[],
  edges: readonly ScoredEdge[],
): AssignedPair[] {
  const need = new Map(lines.map((l) => [l.index, l.openQty]));
  const pairs: AssignedPair[] = [];
  for (const r of [...receipts].sort((a, b) => a.id - b.id)) {
    let left = r.openQty;
    const options = edges
      .filter((e) => e.receiptId === r.id && e.score > 0)
      .sort((a, b) => b.score - a.score || a.lineIndex - b.lineIndex);
    for (const e of options) {
      const qty = Math.min(left, need.get(e.lineIndex) ?? 0);
      if (qty <= 0) continue;
      pairs.push({ lineIndex: e.lineIndex, receiptId: r.id, qty });
      need.set(e.lineIndex, (need.get(e.lineIndex) ?? 0) - qty);
      left -= qty;
    }
  }
  return pairs;
}
