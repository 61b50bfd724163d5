import type { FlowArc, FlowSolver } from './flow-solver';
import { minCostFlow } from './min-cost-flow';

/** An invoice line with the quantity it still needs matched. */
export type DemandLine = { index: number; openQty: number };
/** A receipt with the quantity not yet matched to any draft. */
export type SupplyReceipt = { id: number; openQty: number };
/** A pair the receipt may be assigned to, with the scorer's score. */
export type ScoredEdge = { lineIndex: number; receiptId: number; score: number };
export type AssignedPair = { lineIndex: number; receiptId: number; qty: number };

// Quantities have four decimals; the solver works in whole ten-thousandths so no rounding accumulates.
const UNITS = 10_000;
const toUnits = (qty: number): number => Math.max(0, Math.round(qty * UNITS));

/**
 * The value of an assignment: per pair, its score times the share of the receipt's open quantity it takes.
 * A receipt put wholly on one line adds that pair's score; one split across two lines adds the weighted mean.
 */
export function assignmentValue(
  pairs: readonly AssignedPair[],
  receipts: readonly SupplyReceipt[],
  edges: readonly ScoredEdge[],
): number {
  const open = new Map(receipts.map((r) => [r.id, r.openQty]));
  const score = new Map(edges.map((e) => [`${e.lineIndex}:${e.receiptId}`, e.score]));
  return pairs.reduce(
    (sum, p) => sum + ((score.get(`${p.lineIndex}:${p.receiptId}`) ?? 0) * p.qty) / (open.get(p.receiptId) ?? 1),
    0,
  );
}

/**
 * Distributes receipt quantity over invoice lines so that the assignment's value is the highest possible:
 * a min-cost flow from receipts (capacity: open quantity) over the scored pairs to lines (capacity: quantity
 * still needed), each unit costing minus its share of the pair's score. No receipt gives more than its open
 * quantity and no line takes more than it needs. Pairs come out ordered by line, then receipt.
 */
export function bestFitAssignment(
  lines: readonly DemandLine[],
  receipts: readonly SupplyReceipt[],
  edges: readonly ScoredEdge[],
  solve: FlowSolver = minCostFlow,
): AssignedPair[] {
  const receiptNode = new Map(receipts.map((r, i) => [r.id, 2 + i]));
  const lineNode = new Map(lines.map((l, i) => [l.index, 2 + receipts.length + i]));
  const receiptUnits = new Map(receipts.map((r) => [r.id, toUnits(r.openQty)]));
  const arcs: FlowArc[] = [
    ...receipts.map((r) => ({ from: 0, to: receiptNode.get(r.id) ?? -1, capacity: toUnits(r.openQty), cost: 0 })),
    ...lines.map((l) => ({ from: lineNode.get(l.index) ?? -1, to: 1, capacity: toUnits(l.openQty), cost: 0 })),
  ];
  const usable = edges.filter(
    (e) => e.score > 0 && (receiptUnits.get(e.receiptId) ?? 0) > 0 && lineNode.has(e.lineIndex),
  );
  const first = arcs.length;
  for (const e of usable) {
    const units = receiptUnits.get(e.receiptId) ?? 1;
    arcs.push({
      from: receiptNode.get(e.receiptId) ?? -1,
      to: lineNode.get(e.lineIndex) ?? -1,
      capacity: units,
      cost: -e.score / units,
    });
  }
  const flow = solve({ nodeCount: 2 + receipts.length + lines.length, source: 0, sink: 1, arcs });
  return usable
    .map((e, k) => ({ lineIndex: e.lineIndex, receiptId: e.receiptId, qty: flow[first + k] / UNITS }))
    .filter((p) => p.qty > 0)
    .sort((a, b) => a.lineIndex - b.lineIndex || a.receiptId - b.receiptId);
}
