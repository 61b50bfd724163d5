import type { Db } from '../../../../shared/db/knex';
import type { PairRow } from '../confirm-plan';

/** `${invoiceLineIndex}:${receiptId}` of the draft's stored pairs. */
export async function existingPairKeys(db: Db, tenantId: number, draftId: number): Promise<Set<string>> {
  const rows: Array<{ invoice_line_index: number; receipt_id: number }> = await db('purchase_invoice_matches')
    .select('invoice_line_index', 'receipt_id')
    .where({ tenant_id: tenantId, draft_id: draftId });
  return new Set(rows.map((r) => `${r.invoice_line_index}:${r.receipt_id}`));
}

/** Stores pairs; a pair the draft already has grows by the new quantity (one row per line and receipt). */
export async function addPairs(db: Db, tenantId: number, draftId: number, rows: readonly PairRow[]): Promise<void> {
  if (!rows.length) return;
  await db('purchase_invoice_matches')
    .insert(
      rows.map((r) => ({
        tenant_id: tenantId,
        draft_id: draftId,
        invoice_line_index: r.invoiceLineIndex,
        order_item_id: r.orderItemId,
        receipt_id: r.receiptId,
        qty: r.qty,
      })),
    )
    .onConflict(['tenant_id', 'draft_id', 'invoice_line_index', 'receipt_id'])
    .merge({ qty: db.raw('purchase_invoice_matches.qty + excluded.qty') });
}
