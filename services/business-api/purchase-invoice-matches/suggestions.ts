import type { Db } from '../../../shared/db/knex';
import type { MatchResponse } from './schemas';
import { suggestMatches } from './scoring/suggest';
import type { LineSuggestion, Tolerances } from './scoring/types';
import { loadDraft } from './store/drafts';
import { loadOpenReceipts } from './store/receipts';
import { loadTolerances } from './store/tolerances';

/** Suggestions of a draft with the vendor they belong to (for cache invalidation). */
export type DraftSuggestions = { vendorId: number; response: MatchResponse };

/** The spec's response: line's product number, else its vendor SKU, else empty (the field is a string). */
export function toMatchResponse(
  invoiceId: number,
  tolerances: Tolerances,
  suggestions: readonly LineSuggestion[],
): MatchResponse {
  return {
    invoiceId,
    tolerances: { ...tolerances },
    suggestions: suggestions.map(({ line, candidates }) => ({
      invoiceLineIndex: line.index,
      productNumber: line.productNumber ?? line.vendorSku ?? '',
      quantity: line.quantity,
      candidates: candidates.map((c) => ({
        orderId: c.receipt.orderId,
        orderItemId: c.receipt.orderItemId,
        invTransactionId: c.receipt.id,
        score: c.score,
        reasons: [...c.reasons],
        isAutoEligible: c.isAutoEligible,
      })),
    })),
  };
}

/** Loads a draft, its vendor's open receipts and the tenant's tolerances, and scores them (uncached). */
export async function computeSuggestions(db: Db, tenantId: number, draftId: number): Promise<DraftSuggestions> {
  const draft = await loadDraft(db, tenantId, draftId);
  const [receipts, tolerances] = await Promise.all([
    loadOpenReceipts(db, tenantId, draft.vendorId),
    loadTolerances(db, tenantId),
  ]);
  return {
    vendorId: draft.vendorId,
    response: toMatchResponse(draftId, tolerances, suggestMatches(draft, receipts, tolerances)),
  };
}
