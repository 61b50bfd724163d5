import { startBusinessApi } from './business-api';
import { insertTenant } from './identity';
import type { Knex } from '../../shared/db/knex';

export const PRODUCTS = {
  blue: { id: 1, number: 'P-100', name: 'Blue widget', price: 5 },
  red: { id: 2, number: 'P-200', name: 'Red widget', price: 7 },
  green: { id: 3, number: 'P-300', name: 'Green widget', price: 9 },
} as const;
export type ProductKey = keyof typeof PRODUCTS;

/** The vendor's own number for a product: what its invoices carry. */
export const skuOf = (vendorId: number, product: ProductKey) => `V${vendorId}-${PRODUCTS[product].number.slice(2)}`;

export const INVOICE_DATE = new Date('2026-06-15T10:00:00Z');
const daysBefore = (days: number) => new Date(INVOICE_DATE.getTime() - days * 86_400_000);

type DraftLineSpec = {
  product: ProductKey;
  quantity: number;
  price?: number;
  vendorSku?: string | null;
  productNumber?: string | null;
};

/**
 * Hand-built purchasing rows for one tenant: two vendors (1 and 2) that both sell three products, and helpers
 * that add purchase orders, receipts and invoice drafts with fresh ids, so each test builds its own world.
 */
export function purchasingFixture(db: Knex, tenantId: number) {
  let next = 100;
  const id = () => ++next;
  const t = { tenant_id: tenantId };

  async function base(): Promise<void> {
    await db('currencies').insert({ ...t, id: 1, code: 'SEK', name: 'Swedish krona' });
    await db('statuses').insert([
      { ...t, id: 1, type: 'PURCHASEORDER', name: 'Open purchase', is_purchase: true },
      { ...t, id: 2, type: 'SALESORDER', name: 'Sales order', is_order_intake: true },
    ]);
    await db('vendors').insert([1, 2].map((v) => ({ ...t, id: v, contact_number: v, name: `Vendor ${v}` })));
    await db('customers').insert({ ...t, id: 1, contact_number: 1, name: 'Customer' });
    const products = Object.values(PRODUCTS);
    await db('products').insert(products.map((p) => ({ ...t, id: p.id, product_number: p.number, name: p.name })));
    const keys = Object.keys(PRODUCTS) as ProductKey[];
    await db('vendor_prices').insert(
      [1, 2].flatMap((v) =>
        keys.map((k) => ({
          ...t,
          vendor_id: v,
          product_id: PRODUCTS[k].id,
          supplier_product_number: skuOf(v, k),
          price: PRODUCTS[k].price,
          currency_code: 'SEK',
        })),
      ),
    );
  }

  /** A purchase order with one line per product; returns its id, number and line id per product. */
  async function purchaseOrder(vendorId: number, products: ProductKey[]) {
    const orderId = id();
    const purchaseNumber = 5000 + orderId;
    await db('orders').insert({
      ...t,
      id: orderId,
      status_id: 1,
      vendor_id: vendorId,
      name: `PO ${purchaseNumber}`,
      currency_code: 'SEK',
      purchase_number: purchaseNumber,
    });
    const lines: Partial<Record<ProductKey, number>> = {};
    for (const [position, key] of products.entries()) {
      const p = PRODUCTS[key];
      lines[key] = id();
      await db('order_lines').insert({
        ...t,
        id: lines[key],
        order_id: orderId,
        position,
        product_id: p.id,
        product_number: p.number,
        description: p.name,
        quantity: 100,
        price: p.price,
        vat_rate: 25,
        sum_ex_vat: 100 * p.price,
        sum_vat: 25 * p.price,
        sum_inc_vat: 125 * p.price,
      });
    }
    return { orderId, purchaseNumber, line: (key: ProductKey) => lines[key] ?? -1 };
  }

  async function receipt(
    order: { orderId: number; line: (k: ProductKey) => number },
    product: ProductKey,
    quantity: number,
    options: { booked?: boolean; daysBefore?: number } = {},
  ) {
    const receiptId = id();
    await db('receipts').insert({
      ...t,
      id: receiptId,
      order_id: order.orderId,
      order_line_id: order.line(product),
      product_id: PRODUCTS[product].id,
      quantity,
      unit_price: PRODUCTS[product].price,
      received_at: daysBefore(options.daysBefore ?? 3),
      booked: options.booked ?? false,
    });
    return receiptId;
  }

  async function draft(
    vendorId: number,
    lines: DraftLineSpec[],
    options: { poNumber?: number | null; booked?: boolean } = {},
  ) {
    const draftId = id();
    await db('purchase_invoice_drafts').insert({
      ...t,
      id: draftId,
      vendor_id: vendorId,
      invoice_number: `INV-${draftId}`,
      invoice_date: INVOICE_DATE,
      po_number: options.poNumber ?? null,
      currency_code: 'SEK',
      booked: options.booked ?? false,
    });
    await db('purchase_invoice_draft_lines').insert(
      lines.map((l, index) => ({
        ...t,
        draft_id: draftId,
        line_index: index,
        product_number: l.productNumber === undefined ? PRODUCTS[l.product].number : l.productNumber,
        vendor_sku: l.vendorSku === undefined ? skuOf(vendorId, l.product) : l.vendorSku,
        description: PRODUCTS[l.product].name,
        quantity: l.quantity,
        price: l.price ?? PRODUCTS[l.product].price,
      })),
    );
    return draftId;
  }

  /** The draft's stored pairs, in line and receipt order, quantities as numbers. */
  async function pairs(draftId: number) {
    const rows: Array<{ invoice_line_index: number; order_item_id: number; receipt_id: number; qty: string }> =
      await db('purchase_invoice_matches')
        .select('invoice_line_index', 'order_item_id', 'receipt_id', 'qty')
        .where({ ...t, draft_id: draftId })
        .orderBy(['invoice_line_index', 'receipt_id']);
    return rows.map((r) => ({
      line: r.invoice_line_index,
      orderItemId: r.order_item_id,
      receipt: r.receipt_id,
      qty: Number(r.qty),
    }));
  }

  return { base, purchaseOrder, receipt, draft, pairs, id };
}

export type PurchasingFixture = ReturnType<typeof purchasingFixture>;

/**
 * The business API on a database of its own with tenants `a` and `b` and the fixture's base rows for A, and for B
 * unless `seedTenantB` is false (ids are per tenant: an unseeded B owns no draft that shares an id with A's).
 */
export async function startMatchingApi(options: { seedTenantB?: boolean } = {}) {
  const h = await startBusinessApi();
  const tenantA = await insertTenant(h.t.db, 'a');
  const tenantB = await insertTenant(h.t.db, 'b');
  const a = purchasingFixture(h.t.db, tenantA);
  const b = purchasingFixture(h.t.db, tenantB);
  await a.base();
  if (options.seedTenantB ?? true) await b.base();
  return { h, tenantA, tenantB, a, b };
}
