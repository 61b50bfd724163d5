import { AMBIGUITY_MARGIN } from './tolerances';
import type { LineSuggestion, ScoredCandidate, Tolerances } from './types';

/**
 * The candidates a line's best match consists of: the best one, and when its quantity matched only together
 * with the other receipts of its purchase-order line (CombinedReceipts), those receipts among the shown
 * candidates too, since the line is matched by all of them at once.
 */
function bestGroup(candidates: readonly ScoredCandidate[]): ScoredCandidate[] {
  const best = candidates[0];
  if (!best.reasons.includes('CombinedReceipts')) return [best];
  return candidates.filter(
    (c) =>
      c.receipt.orderItemId === best.receipt.orderItemId &&
      c.score === best.score &&
      c.reasons.includes('CombinedReceipts'),
  );
}

/** The line's best group when it reaches the threshold and no other purchase-order line comes close. */
function proposal(candidates: readonly ScoredCandidate[], tolerances: Tolerances): ScoredCandidate[] {
  const best = candidates[0];
  if (!best || best.score < tolerances.autoEligibleScore) return [];
  // Receipts of the same purchase-order line are interchangeable (same product, order and price): not rivals.
  const rival = candidates.find((c) => c.receipt.orderItemId !== best.receipt.orderItemId);
  if (rival && rival.score > best.score - AMBIGUITY_MARGIN) return [];
  return bestGroup(candidates);
}

/**
 * Marks `isAutoEligible` (the rule in docs/decisions.md): a line's best candidate (with its CombinedReceipts
 * companions) when it scores at least `autoEligibleScore`, no candidate on another purchase-order line scores
 * within AMBIGUITY_MARGIN of it, and none of its receipts is also proposed for another invoice line.
 * Candidates must be ranked best first.
 */
export function markAutoEligible(suggestions: readonly LineSuggestion[], tolerances: Tolerances): void {
  const proposals = suggestions.map((s) => proposal(s.candidates, tolerances));
  const claims = new Map<number, number>();
  for (const group of proposals) for (const c of group) claims.set(c.receipt.id, (claims.get(c.receipt.id) ?? 0) + 1);
  for (const group of proposals) {
    if (group.some((c) => (claims.get(c.receipt.id) ?? 0) > 1)) continue;
    for (const c of group) c.isAutoEligible = true;
  }
}
