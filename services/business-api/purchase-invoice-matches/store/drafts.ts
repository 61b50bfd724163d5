import type { Db } from '../../../../shared/db/knex';
import { notFound } from '../../../../shared/errors';
import type { InvoiceDraft, InvoiceLine } from '../scoring/types';

export type DraftRecord = InvoiceDraft & { id: number; vendorId: number; booked: boolean };

type DraftRow = { id: number; vendor_id: number; invoice_date: Date; po_number: number | null; booked: boolean };
type LineRow = {
  line_index: number;
  product_number: string | null;
  vendor_sku: string | null;
  description: string | null;
  quantity: string;
  price: string;
};

const toLine = (r: LineRow): InvoiceLine => ({
  index: r.line_index,
  productNumber: r.product_number,
  vendorSku: r.vendor_sku,
  description: r.description,
  quantity: Number(r.quantity),
  price: Number(r.price),
});

/**
 * The tenant's draft with its lines, or 404 `not_found` (another tenant's draft is not found either).
 * `lock` takes the draft row FOR UPDATE, so writes to one draft's pairs run one at a time.
 */
export async function loadDraft(
  db: Db,
  tenantId: number,
  draftId: number,
  options: { lock?: boolean } = {},
): Promise<DraftRecord> {
  const query = db('purchase_invoice_drafts')
    .select('id', 'vendor_id', 'invoice_date', 'po_number', 'booked')
    .where({ tenant_id: tenantId, id: draftId })
    .first();
  const draft: DraftRow | undefined = await (options.lock ? query.forUpdate() : query);
  if (!draft) throw notFound('not_found', `No purchase-invoice draft ${draftId} in this tenant.`);
  const lines: LineRow[] = await db('purchase_invoice_draft_lines')
    .select('line_index', 'product_number', 'vendor_sku', 'description', 'quantity', 'price')
    .where({ tenant_id: tenantId, draft_id: draftId })
    .orderBy('line_index');
  return {
    id: draft.id,
    vendorId: draft.vendor_id,
    booked: draft.booked,
    invoiceDateMs: draft.invoice_date.getTime(),
    poNumber: draft.po_number,
    lines: lines.map(toLine),
  };
}

/** Quantity already paired per line of the draft. */
export async function matchedQtyPerLine(db: Db, tenantId: number, draftId: number): Promise<Map<number, number>> {
  const rows: Array<{ invoice_line_index: number; qty: string }> = await db('purchase_invoice_matches')
    .select('invoice_line_index')
    .sum({ qty: 'qty' })
    .where({ tenant_id: tenantId, draft_id: draftId })
    .groupBy('invoice_line_index');
  return new Map(rows.map((r) => [r.invoice_line_index, Number(r.qty)]));
}
