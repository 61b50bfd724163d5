import { supplierNumber } from './commerce-rows';
import type { SeedContext } from './context';
import { cents } from './money';
import type { LinePlan, OrderPlan } from './order-types';
import type { VendorPlan } from './parties';
import { type Rng, STREAM, rngFor } from './random';
import { DAY_MS, iso } from './time';
import type { Row, RowBatch } from './types';

export const RECEIPT_COLUMNS = [
  'id',
  'order_id',
  'order_line_id',
  'product_id',
  'warehouse_id',
  'quantity',
  'unit_price',
  'received_at',
  'booked',
  'created_at',
  'updated_at',
] as const;
export const DRAFT_COLUMNS = [
  'id',
  'vendor_id',
  'invoice_number',
  'invoice_date',
  'due_date',
  'po_number',
  'currency_code',
  'total_ex_vat',
  'booked',
  'created_at',
  'updated_at',
] as const;
export const DRAFT_LINE_COLUMNS = [
  'draft_id',
  'line_index',
  'product_number',
  'vendor_sku',
  'description',
  'quantity',
  'price',
] as const;
export const MATCH_COLUMNS = [
  'id',
  'draft_id',
  'invoice_line_index',
  'order_item_id',
  'receipt_id',
  'qty',
  'created_at',
] as const;

type Rows = { receipts: Row[]; drafts: Row[]; draftLines: Row[]; matches: Row[] };
/** A purchase-order line's receipts that no supplier invoice has been booked against yet, with their ids. */
type Unbooked = { line: LinePlan; receipts: Array<{ id: number; qty: number; ms: number }> };

function receiptRows(ctx: SeedContext, o: OrderPlan, rows: Rows): Unbooked[] {
  const unbooked: Unbooked[] = [];
  for (const line of o.lines) {
    const open: Unbooked['receipts'] = [];
    for (const r of line.receipts) {
      const id = ++ctx.ids.receipt;
      rows.receipts.push([
        id,
        o.id,
        line.id,
        line.productId,
        line.warehouseId,
        r.qty,
        cents(line.priceCents),
        iso(r.ms),
        r.booked,
        iso(r.ms),
        iso(r.ms),
      ]);
      if (!r.booked) open.push({ id, qty: r.qty, ms: r.ms });
    }
    if (open.length) unbooked.push({ line, receipts: open });
  }
  return unbooked;
}

/** The supplier's invoice line for goods received: usually exact, sometimes a little off in quantity or price. */
function invoiceLine(
  rng: Rng,
  vendor: VendorPlan,
  u: Unbooked,
): { qty: number; price: number; row: (string | number | null)[] } {
  const received = u.receipts.reduce((sum, r) => sum + r.qty, 0);
  const qty = rng.chance(0.2) ? Math.max(1, received + rng.pick([-3, -2, -1, 1, 2])) : received;
  const price = rng.chance(0.2)
    ? Math.round(u.line.priceCents * (1 + (rng.chance(0.5) ? 1 : -1) * (0.005 + rng.float() * 0.025)))
    : u.line.priceCents;
  const vendorSku = rng.chance(0.9) ? supplierNumber(vendor, u.line.productId) : null;
  return {
    qty,
    price,
    row: [rng.chance(0.7) ? u.line.productNumber : null, vendorSku, u.line.description, qty, cents(price)],
  };
}

/** A supplier invoice waiting to be matched against the unbooked receipts of purchase order `o`. */
function draftRows(ctx: SeedContext, o: OrderPlan, vendor: VendorPlan, unbooked: Unbooked[], rows: Rows): void {
  const rng = rngFor(ctx.seed, STREAM.purchase, o.index);
  if (!rng.chance(0.75)) return;
  const id = ++ctx.ids.draft;
  const lastReceipt = Math.max(...unbooked.flatMap((u) => u.receipts.map((r) => r.ms)));
  const invoiceMs = Math.min(ctx.asOfMs - 3_600_000, lastReceipt + rng.int(0, 5) * DAY_MS);
  let total = 0;
  unbooked.forEach((u, index) => {
    const { qty, price, row } = invoiceLine(rng, vendor, u);
    total += qty * price;
    rows.draftLines.push([id, index, ...row]);
  });
  const poNumber = rng.weighted<number | null>([
    [o.purchaseNumber, 75],
    [null, 20],
    [(o.purchaseNumber ?? 0) + rng.int(1, 50), 5],
  ]);
  rows.drafts.push([
    id,
    vendor.id,
    `${vendor.code}-INV-${10_000 + id}`,
    iso(invoiceMs),
    iso(invoiceMs + 30 * DAY_MS),
    poNumber,
    vendor.currency,
    cents(total),
    false,
    iso(invoiceMs),
    iso(invoiceMs),
  ]);
  // Some drafts already have a confirmed pair on their first line.
  if (rng.chance(0.2)) {
    const first = unbooked[0];
    rows.matches.push([
      ++ctx.ids.match,
      id,
      0,
      first.line.id,
      first.receipts[0].id,
      first.receipts[0].qty,
      iso(invoiceMs),
    ]);
  }
}

/** Receipts of a chunk's purchase orders, and supplier invoice drafts for most orders with unbooked receipts. */
export function purchasingBatches(ctx: SeedContext, plans: readonly OrderPlan[]): RowBatch[] {
  const rows: Rows = { receipts: [], drafts: [], draftLines: [], matches: [] };
  for (const o of plans) {
    if (o.type !== 'PURCHASEORDER' || o.vendor === null) continue;
    const unbooked = receiptRows(ctx, o, rows);
    if (unbooked.length) draftRows(ctx, o, o.vendor, unbooked, rows);
  }
  return [
    { table: 'receipts', columns: RECEIPT_COLUMNS, rows: rows.receipts },
    { table: 'purchase_invoice_drafts', columns: DRAFT_COLUMNS, rows: rows.drafts },
    { table: 'purchase_invoice_draft_lines', columns: DRAFT_LINE_COLUMNS, rows: rows.draftLines },
    { table: 'purchase_invoice_matches', columns: MATCH_COLUMNS, rows: rows.matches },
  ];
}
