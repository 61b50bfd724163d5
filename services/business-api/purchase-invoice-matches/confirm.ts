import type { Knex } from '../../../shared/db/knex';
import { badRequest } from '../../../shared/errors';
import { planConfirm } from './confirm-plan';
import type { ConfirmBody } from './schemas';
import { loadDraft, matchedQtyPerLine, type DraftRecord } from './store/drafts';
import { addPairs, existingPairKeys } from './store/pairs';
import { loadReceipts, lockReceipts } from './store/receipts';

/** Refuses changes to a booked invoice's pairs: booking is final for matching. */
export function assertNotBooked(draft: DraftRecord): void {
  if (draft.booked)
    throw badRequest(
      'invalid_request',
      `Purchase-invoice draft ${draft.id} is booked; its matches can no longer change.`,
    );
}

/**
 * Stores the confirmed pairs, all or none, in one transaction. The draft row is locked first (confirms on one
 * draft queue up), then the receipts (confirms on different drafts sharing a receipt queue up); the paired
 * quantities are read only after both locks. Never books the invoice. Returns the draft (for invalidation).
 */
export async function confirmMatches(
  db: Knex,
  tenantId: number,
  draftId: number,
  pairs: ConfirmBody['matches'],
): Promise<DraftRecord> {
  return db.transaction(async (trx) => {
    const draft = await loadDraft(trx, tenantId, draftId, { lock: true });
    assertNotBooked(draft);
    const ids = [...new Set(pairs.map((p) => p.invTransactionId))];
    await lockReceipts(trx, tenantId, { ids });
    // One connection: the reads run one after another.
    const receipts = await loadReceipts(trx, tenantId, draft.vendorId, { ids });
    const matchedPerLine = await matchedQtyPerLine(trx, tenantId, draftId);
    const existingPairs = await existingPairKeys(trx, tenantId, draftId);
    const plan = planConfirm(pairs, {
      draft,
      matchedPerLine,
      existingPairs,
      receipts: new Map(receipts.map((r) => [r.id, r])),
    });
    if (plan.problems.length) throw badRequest('invalid_request', plan.problems.join(' '));
    await addPairs(trx, tenantId, draftId, plan.rows);
    return draft;
  });
}
