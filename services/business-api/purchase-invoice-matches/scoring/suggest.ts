import { markAutoEligible } from './auto-eligibility';
import { buildCandidateIndex, type CandidateIndex } from './candidate-index';
import { lineKeys, scorePair } from './score-pair';
import { TOP_CANDIDATES } from './tolerances';
import type { InvoiceDraft, InvoiceLine, LineSuggestion, OpenReceipt, ScoredCandidate, Tolerances } from './types';

/** Best first: score, then the closer quantity, then the receipt nearer the invoice date, then the older receipt id. */
function ranking(line: InvoiceLine, invoiceDateMs: number) {
  return (a: ScoredCandidate, b: ScoredCandidate): number =>
    b.score - a.score ||
    Math.abs(a.receipt.openQuantity - line.quantity) - Math.abs(b.receipt.openQuantity - line.quantity) ||
    Math.abs(a.receipt.receivedAtMs - invoiceDateMs) - Math.abs(b.receipt.receivedAtMs - invoiceDateMs) ||
    a.receipt.id - b.receipt.id;
}

/** Every scored candidate of one line, best first (candidates scoring 0 are dropped). */
export function rankCandidates(
  draft: InvoiceDraft,
  line: InvoiceLine,
  index: CandidateIndex,
  tolerances: Tolerances,
): ScoredCandidate[] {
  const scored: ScoredCandidate[] = [];
  const keys = lineKeys(line);
  for (const receipt of index.candidatesFor(line)) {
    const ctx = {
      tolerances,
      invoiceDateMs: draft.invoiceDateMs,
      poNumber: draft.poNumber,
      orderLineOpenQty: index.orderLineOpenQty(receipt.orderItemId),
    };
    const pair = scorePair(line, receipt, ctx, { line: keys, receipt: index.keysOf(receipt) });
    // Object.assign on the fresh pair: a spread that adds properties is slow on Node 20 (docs/decisions.md).
    if (pair.score > 0) scored.push(Object.assign(pair, { receipt, isAutoEligible: false }));
  }
  return scored.sort(ranking(line, draft.invoiceDateMs));
}

/** The top candidates of every line of the draft, in line order, with auto-eligibility marked. Pure. */
export function suggestMatches(
  draft: InvoiceDraft,
  receipts: readonly OpenReceipt[],
  tolerances: Tolerances,
): LineSuggestion[] {
  const index = buildCandidateIndex(receipts, draft.poNumber);
  const ranked = [...draft.lines]
    .sort((a, b) => a.index - b.index)
    .map((line) => ({ line, candidates: rankCandidates(draft, line, index, tolerances) }));
  // Before cutting to the top 5, so a rival or a shared receipt further down still counts.
  markAutoEligible(ranked, tolerances);
  return ranked.map((s) => ({ line: s.line, candidates: s.candidates.slice(0, TOP_CANDIDATES) }));
}
