import type { Db } from '../../../shared/db/knex';
import { notFound } from '../../../shared/errors';
import { SALES_DOCUMENT_TYPES, SALES_ORDER_TYPES } from './status-kind';

/** A sales document as the write paths need it. */
export type SalesDocument = {
  id: number;
  status_type: string;
  invoice_number: number | null;
  currency_code: string;
  price_list_id: number | null;
  vat_type_id: number | null;
  date_order: Date;
  date_delivery: Date | null;
  /** Some credit invoice of the tenant points at this document. */
  credited: boolean;
};

/** Rule 7's 404: no sales order (of the kinds the route answers for) has this id in the tenant. */
export const noSuchOrder = (id: number) => notFound('not_found', `No sales order ${id} exists.`);

/**
 * Rule 7: the order, when a sales order proper (status type SALESORDER) has this id in the tenant;
 * an invoice, credit or purchase-order id is not one.
 */
export async function requireSalesOrder(db: Db, tenantId: number, id: number): Promise<{ currency_code: string }> {
  const row = (await db('orders as o')
    .join('statuses as s', (j) => j.on('s.tenant_id', 'o.tenant_id').andOn('s.id', 'o.status_id'))
    .where({ 'o.tenant_id': tenantId, 'o.id': id })
    .whereIn('s.type', [...SALES_ORDER_TYPES])
    .first('o.currency_code')) as { currency_code: string } | undefined;
  if (!row) throw noSuchOrder(id);
  return row;
}

/**
 * The sales document (order, invoice or credit) with this id in the tenant, else 404: line and order
 * writes must find invoiced and credited documents to refuse them with a reason (rule 3). With
 * `lock`, the order row is locked for the rest of the transaction so line changes and totals serialise.
 */
export async function requireSalesDocument(db: Db, tenantId: number, id: number, lock = false): Promise<SalesDocument> {
  const query = db('orders as o')
    .join('statuses as s', (j) => j.on('s.tenant_id', 'o.tenant_id').andOn('s.id', 'o.status_id'))
    .where({ 'o.tenant_id': tenantId, 'o.id': id })
    .whereIn('s.type', [...SALES_DOCUMENT_TYPES])
    .first(
      'o.id',
      's.type as status_type',
      'o.invoice_number',
      'o.currency_code',
      'o.price_list_id',
      'o.vat_type_id',
      'o.date_order',
      'o.date_delivery',
    )
    .select(
      db.raw(
        'exists (select 1 from orders cr where cr.tenant_id = o.tenant_id and cr.credited_order_id = o.id) as credited',
      ),
    );
  if (lock) query.forUpdate('o');
  const row = (await query) as SalesDocument | undefined;
  if (!row) throw noSuchOrder(id);
  return row;
}

/** Why a document's lines and head may no longer change (invoiced or credited), or undefined when they may. */
export function lockedReason(
  doc: Pick<SalesDocument, 'id' | 'status_type' | 'invoice_number' | 'credited'>,
): string | undefined {
  if (doc.status_type === 'SALESCREDIT') return `Order ${doc.id} is a credit invoice; it cannot be changed.`;
  if (doc.credited) return `Order ${doc.id} has been credited; it cannot be changed.`;
  if (doc.status_type === 'SALESINVOICE' || doc.invoice_number !== null)
    return `Order ${doc.id} is invoiced; it cannot be changed.`;
  return undefined;
}
