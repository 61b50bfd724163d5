import {
  assignmentValue,
  bestFitAssignment,
  type AssignedPair,
  type ScoredEdge,
} from '../../../../../services/business-api/purchase-invoice-matches/assignment/best-fit';
import {
  planWholeOrder,
  wholeOrderEdges,
} from '../../../../../services/business-api/purchase-invoice-matches/scoring/whole-order';
import type {
  InvoiceLine,
  OpenReceipt,
} from '../../../../../services/business-api/purchase-invoice-matches/scoring/types';
import { DAY, INVOICE_DATE, TOL, draft, prng } from './fixtures';
import { greedyAssignment } from './greedy';

const CASES = 500;

type Case = { lines: InvoiceLine[]; receipts: OpenReceipt[]; lineOpen: Map<number, number> };

/** A random draft against one purchase order: a few products, receipts split or duplicated, quantities and prices a little off. */
function randomCase(seed: number): Case {
  const rng = prng(seed);
  const products = rng.int(1, 5);
  const receipts: OpenReceipt[] = [];
  for (let r = 0; r < rng.int(1, 12); r++) {
    const p = rng.int(0, products - 1);
    receipts.push({
      id: r + 1,
      orderId: 1,
      orderItemId: 100 + rng.int(0, products + 1),
      purchaseNumber: 9000,
      productNumber: `P${p}`,
      vendorSkus: [`S${p}`],
      description: `Product ${p}`,
      openQuantity: rng.int(1, 40) / (rng.next() < 0.2 ? 4 : 1),
      unitPrice: 10 + p,
      receivedAtMs: INVOICE_DATE - rng.int(0, 40) * DAY,
    });
  }
  const lines: InvoiceLine[] = Array.from({ length: rng.int(1, 8) }, (_, index) => {
    const p = rng.int(0, products);
    return {
      index,
      productNumber: rng.next() < 0.7 ? `P${p}` : null,
      vendorSku: rng.next() < 0.8 ? `S${p}` : null,
      description: `Product ${p}`,
      quantity: rng.int(1, 40),
      price: (10 + p) * (1 + (rng.next() - 0.5) * 0.06),
    };
  });
  const lineOpen = new Map(lines.map((l) => [l.index, rng.next() < 0.2 ? l.quantity / 2 : l.quantity]));
  return { lines, receipts, lineOpen };
}

function totals(pairs: readonly AssignedPair[], key: 'lineIndex' | 'receiptId'): Map<number, number> {
  const out = new Map<number, number>();
  for (const p of pairs) out.set(p[key], (out.get(p[key]) ?? 0) + p.qty);
  return out;
}

describe(`match-whole-order best fit over ${CASES} random drafts`, () => {
  const cases = Array.from({ length: CASES }, (_, i) => ({ seed: 1000 + i, ...randomCase(1000 + i) }));

  it('never assigns one receipt’s quantity twice, nor more than a line still needs', () => {
    for (const c of cases) {
      const plan = planWholeOrder(draft(c.lines, { poNumber: 9000 }), c.lineOpen, c.receipts, TOL);
      const pairs = plan.pairs.map((p) => ({ lineIndex: p.invoiceLineIndex, receiptId: p.receiptId, qty: p.qty }));
      for (const r of c.receipts)
        expect(totals(pairs, 'receiptId').get(r.id) ?? 0).toBeLessThanOrEqual(r.openQuantity + 1e-9);
      for (const [index, open] of c.lineOpen)
        expect(totals(pairs, 'lineIndex').get(index) ?? 0).toBeLessThanOrEqual(open + 1e-9);
      expect(new Set(pairs.map((p) => `${p.lineIndex}:${p.receiptId}`)).size).toBe(pairs.length);
      expect(plan.unattached.every((r) => !pairs.some((p) => p.receiptId === r.id))).toBe(true);
    }
  });

  it('scores at least as much in total as the first-come greedy assignment', () => {
    let strictlyBetter = 0;
    for (const c of cases) {
      const edges: ScoredEdge[] = [];
      const rng = prng(c.seed * 7);
      for (const l of c.lines)
        for (const r of c.receipts)
          if (rng.next() < 0.5) edges.push({ lineIndex: l.index, receiptId: r.id, score: rng.int(1, 100) });
      const lines = c.lines.map((l) => ({ index: l.index, openQty: c.lineOpen.get(l.index) ?? l.quantity }));
      const supply = c.receipts.map((r) => ({ id: r.id, openQty: r.openQuantity }));
      const best = assignmentValue(bestFitAssignment(lines, supply, edges), supply, edges);
      const greedy = assignmentValue(greedyAssignment(lines, supply, edges), supply, edges);
      expect(best).toBeGreaterThanOrEqual(greedy - 1e-6);
      if (best > greedy + 1e-6) strictlyBetter++;
    }
    // The cases must be hard enough for the difference to show.
    expect(strictlyBetter).toBeGreaterThan(CASES / 20);
  });

  it('scores at least as much as greedy with the scorer’s own pairs', () => {
    for (const c of cases) {
      const d = draft(c.lines, { poNumber: 9000 });
      const edges = wholeOrderEdges(d, c.receipts, TOL);
      const lines = c.lines.map((l) => ({ index: l.index, openQty: c.lineOpen.get(l.index) ?? l.quantity }));
      const supply = c.receipts.map((r) => ({ id: r.id, openQty: r.openQuantity }));
      const plan = planWholeOrder(d, c.lineOpen, c.receipts, TOL).pairs.map((p) => ({
        lineIndex: p.invoiceLineIndex,
        receiptId: p.receiptId,
        qty: p.qty,
      }));
      expect(assignmentValue(plan, supply, edges)).toBeGreaterThanOrEqual(
        assignmentValue(greedyAssignment(lines, supply, edges), supply, edges) - 1e-6,
      );
    }
  });
});
