import type { Db, Knex } from '../../../shared/db/knex';
import { badRequest } from '../../../shared/errors';
import { assertNotBooked } from './confirm';
import { openQtyPerLine } from './confirm-plan';
import { roundQty } from './scoring/compare';
import { planWholeOrder } from './scoring/whole-order';
import { loadDraft, matchedQtyPerLine, type DraftRecord } from './store/drafts';
import { addPairs } from './store/pairs';
import { loadReceipts, lockReceipts, type ReceiptState } from './store/receipts';
import { loadTolerances } from './store/tolerances';

/** The order must be one of the tenant's purchase orders, from the invoice's vendor. */
async function assertVendorPurchaseOrder(db: Db, tenantId: number, orderId: number, draft: DraftRecord): Promise<void> {
  const order: { vendor_id: number } | undefined = await db('orders as o')
    .join('statuses as s', (j) => j.on('s.tenant_id', 'o.tenant_id').andOn('s.id', 'o.status_id'))
    .select('o.vendor_id')
    .where({ 'o.tenant_id': tenantId, 'o.id': orderId, 's.type': 'PURCHASEORDER' })
    .first();
  if (!order) throw badRequest('invalid_request', `orderId ${orderId} is not a purchase order of this tenant.`);
  if (order.vendor_id !== draft.vendorId)
    throw badRequest('invalid_request', `Purchase order ${orderId} is from another vendor than the invoice.`);
}

/** Whether any of the receipts is already paired on this draft (a repeated call finds nothing left to do). */
async function pairedOnDraft(
  db: Db,
  tenantId: number,
  draftId: number,
  receipts: readonly ReceiptState[],
): Promise<boolean> {
  const row = await db('purchase_invoice_matches')
    .where({ tenant_id: tenantId, draft_id: draftId })
    .whereIn(
      'receipt_id',
      receipts.map((r) => r.id),
    )
    .first('id');
  return row !== undefined;
}

/** The order's unbooked receipts with quantity left, or a refusal saying why there are none. */
async function receiptsToAttach(
  trx: Db,
  tenantId: number,
  draft: DraftRecord,
  orderId: number,
): Promise<ReceiptState[]> {
  await lockReceipts(trx, tenantId, { orderId });
  const unbooked = await loadReceipts(trx, tenantId, draft.vendorId, { orderId, unbookedOnly: true });
  if (!unbooked.length) throw badRequest('invalid_request', `Purchase order ${orderId} has no unbooked receipts.`);
  const open = unbooked.filter((r) => r.openQuantity > 0);
  if (open.length || (await pairedOnDraft(trx, tenantId, draft.id, unbooked))) return open;
  throw badRequest(
    'invalid_request',
    `Every unbooked receipt of purchase order ${orderId} is already matched to other invoices.`,
  );
}

/**
 * Attaches every unbooked receipt of a purchase order to the draft, spread over its lines by best fit; all or
 * none, in one transaction with the draft and the order's receipts locked. Refused (nothing stored) when a
 * receipt fits no line that still needs quantity. Never books the invoice. Returns the draft.
 */
export async function matchWholeOrder(
  db: Knex,
  tenantId: number,
  draftId: number,
  orderId: number,
): Promise<DraftRecord> {
  return db.transaction(async (trx) => {
    const draft = await loadDraft(trx, tenantId, draftId, { lock: true });
    assertNotBooked(draft);
    await assertVendorPurchaseOrder(trx, tenantId, orderId, draft);
    const receipts = await receiptsToAttach(trx, tenantId, draft, orderId);
    if (!receipts.length) return draft;
    const matched = await matchedQtyPerLine(trx, tenantId, draftId);
    const tolerances = await loadTolerances(trx, tenantId);
    const plan = planWholeOrder(draft, openQtyPerLine(draft.lines, matched), receipts, tolerances);
    if (plan.unattached.length) {
      const ids = plan.unattached.map((r) => r.id).join(', ');
      throw badRequest(
        'invalid_request',
        `Receipts ${ids} of purchase order ${orderId} fit no invoice line of the same product with quantity ` +
          `left to match.`,
      );
    }
    await addPairs(
      trx,
      tenantId,
      draftId,
      plan.pairs.map((p) => ({ ...p, qty: roundQty(p.qty) })),
    );
    return draft;
  });
}
