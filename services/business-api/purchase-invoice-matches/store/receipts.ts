import type { Db } from '../../../../shared/db/knex';
import { roundQty } from '../scoring/compare';
import type { OpenReceipt } from '../scoring/types';

type ReceiptRow = {
  id: number;
  order_id: number;
  order_line_id: number;
  product_id: number | null;
  quantity: string;
  unit_price: string;
  received_at: Date;
  booked: boolean;
  purchase_number: number | null;
  vendor_id: number | null;
  product_number: string;
  description: string;
  matched: string;
};

/** A receipt with what matching needs to know about it, open or not. */
export type ReceiptState = OpenReceipt & { vendorId: number | null; booked: boolean; receivedQty: number };

type Filter = { vendorId?: number; orderId?: number; ids?: readonly number[]; unbookedOnly?: boolean };

/** Receipts of the tenant with their purchase order and line, and the quantity already paired on any draft. */
async function receiptRows(db: Db, tenantId: number, filter: Filter): Promise<ReceiptRow[]> {
  const q = db('receipts as r')
    .join('orders as o', (j) => j.on('o.tenant_id', 'r.tenant_id').andOn('o.id', 'r.order_id'))
    .join('order_lines as ol', (j) => j.on('ol.tenant_id', 'r.tenant_id').andOn('ol.id', 'r.order_line_id'))
    .select(
      'r.id',
      'r.order_id',
      'r.order_line_id',
      'r.product_id',
      'r.quantity',
      'r.unit_price',
      'r.received_at',
      'r.booked',
    )
    .select('o.purchase_number', 'o.vendor_id', 'ol.product_number', 'ol.description')
    .select(
      db.raw(
        '(select coalesce(sum(m.qty), 0) from purchase_invoice_matches m where m.tenant_id = r.tenant_id and ' +
          'm.receipt_id = r.id) as matched',
      ),
    )
    .where('r.tenant_id', tenantId)
    .orderBy('r.id');
  if (filter.vendorId !== undefined) q.where('o.vendor_id', filter.vendorId);
  if (filter.orderId !== undefined) q.where('r.order_id', filter.orderId);
  if (filter.ids) q.whereIn('r.id', [...filter.ids]);
  if (filter.unbookedOnly) q.where('r.booked', false);
  return q;
}

/** The vendor's own numbers for each product (several price rows may carry them). */
async function vendorSkus(
  db: Db,
  tenantId: number,
  vendorId: number,
  productIds: number[],
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!productIds.length) return out;
  const rows: Array<{ product_id: number; supplier_product_number: string }> = await db('vendor_prices')
    .distinct('product_id', 'supplier_product_number')
    .where({ tenant_id: tenantId, vendor_id: vendorId })
    .whereIn('product_id', productIds);
  for (const r of rows) out.set(r.product_id, [...(out.get(r.product_id) ?? []), r.supplier_product_number]);
  return out;
}

/** Receipts matching `filter`, with the vendor SKUs of `skuVendorId` (the invoice's vendor). */
export async function loadReceipts(
  db: Db,
  tenantId: number,
  skuVendorId: number,
  filter: Filter,
): Promise<ReceiptState[]> {
  const rows = await receiptRows(db, tenantId, filter);
  const productIds = [...new Set(rows.flatMap((r) => (r.product_id === null ? [] : [r.product_id])))];
  const skus = await vendorSkus(db, tenantId, skuVendorId, productIds);
  return rows.map((r) => {
    const receivedQty = Number(r.quantity);
    return {
      id: r.id,
      orderId: r.order_id,
      orderItemId: r.order_line_id,
      purchaseNumber: r.purchase_number,
      productNumber: r.product_number,
      vendorSkus: r.product_id === null ? [] : (skus.get(r.product_id) ?? []),
      description: r.description,
      openQuantity: Math.max(0, roundQty(receivedQty - Number(r.matched))),
      unitPrice: Number(r.unit_price),
      receivedAtMs: r.received_at.getTime(),
      vendorId: r.vendor_id,
      booked: r.booked,
      receivedQty,
    };
  });
}

/** The candidates of a draft: unbooked receipts of the vendor with quantity left to match. */
export async function loadOpenReceipts(db: Db, tenantId: number, vendorId: number): Promise<OpenReceipt[]> {
  const all = await loadReceipts(db, tenantId, vendorId, { vendorId, unbookedOnly: true });
  return all.filter((r) => r.openQuantity > 0);
}

/**
 * Takes the receipts FOR UPDATE, in id order so two writers cannot deadlock. Callers read the receipts'
 * paired quantities only after this, in a later statement: in READ COMMITTED that statement sees every pair
 * committed by whoever held the locks before.
 */
export async function lockReceipts(
  db: Db,
  tenantId: number,
  filter: { ids?: readonly number[]; orderId?: number },
): Promise<number[]> {
  const q = db('receipts').select('id').where('tenant_id', tenantId).orderBy('id').forUpdate();
  if (filter.ids) q.whereIn('id', [...filter.ids]);
  if (filter.orderId !== undefined) q.where('order_id', filter.orderId);
  const rows: Array<{ id: number }> = await q;
  return rows.map((r) => r.id);
}
