import type { Knex } from '../../../shared/db/knex';

export const RECEIPTS = 5_000;
export const INVOICE_LINES = 200;
const PRODUCTS = 1_000;
const LINES_PER_ORDER = 10;
const DAY = 86_400_000;
const INVOICE_DATE = new Date('2026-06-15T10:00:00Z');

/** mulberry32: the same data on every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}

const price = (p: number) => 10 + (p % 97);

async function insert(db: Knex, table: string, rows: object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await db(table).insert(rows.slice(i, i + 1000));
}

async function reference(db: Knex, t: { tenant_id: number }): Promise<void> {
  await db('currencies').insert({ ...t, id: 1, code: 'SEK', name: 'Swedish krona' });
  await db('statuses').insert({ ...t, id: 1, type: 'PURCHASEORDER', name: 'Open purchase', is_purchase: true });
  await db('vendors').insert({ ...t, id: 1, contact_number: 1, name: 'Bench vendor' });
  const ids = Array.from({ length: PRODUCTS }, (_, i) => i + 1);
  await insert(
    db,
    'products',
    ids.map((id) => ({ ...t, id, product_number: `P-${id}`, name: `Product ${id}` })),
  );
  await insert(
    db,
    'vendor_prices',
    ids.map((id) => ({
      ...t,
      vendor_id: 1,
      product_id: id,
      supplier_product_number: `V-${id}`,
      price: price(id),
      currency_code: 'SEK',
    })),
  );
}

/** Purchase orders of one vendor whose lines have RECEIPTS unbooked receipts in all (some lines in two parts). */
async function purchases(
  db: Knex,
  t: { tenant_id: number },
  rng: ReturnType<typeof prng>,
): Promise<Array<{ product: number; qty: number }>> {
  const orders: object[] = [];
  const lines: object[] = [];
  const receipts: object[] = [];
  const invoiceable: Array<{ product: number; qty: number }> = [];
  for (let lineId = 1; receipts.length < RECEIPTS; lineId++) {
    const orderId = Math.ceil(lineId / LINES_PER_ORDER);
    if (lineId % LINES_PER_ORDER === 1)
      orders.push({
        ...t,
        id: orderId,
        status_id: 1,
        vendor_id: 1,
        name: `PO ${orderId}`,
        currency_code: 'SEK',
        purchase_number: 10_000 + orderId,
      });
    const product = rng.int(1, PRODUCTS);
    const qty = rng.int(2, 40) * 5;
    lines.push({
      ...t,
      id: lineId,
      order_id: orderId,
      position: lineId % LINES_PER_ORDER,
      product_id: product,
      product_number: `P-${product}`,
      description: `Product ${product}`,
      quantity: qty,
      price: price(product),
      vat_rate: 25,
      sum_ex_vat: 0,
      sum_vat: 0,
      sum_inc_vat: 0,
    });
    const parts = rng.next() < 0.3 ? [Math.round(qty * 0.6), qty - Math.round(qty * 0.6)] : [qty];
    for (const part of parts) {
      receipts.push({
        ...t,
        id: receipts.length + 1,
        order_id: orderId,
        order_line_id: lineId,
        product_id: product,
        quantity: part,
        unit_price: price(product),
        received_at: new Date(INVOICE_DATE.getTime() - rng.int(0, 60) * DAY),
      });
    }
    invoiceable.push({ product, qty });
  }
  await insert(db, 'orders', orders);
  await insert(db, 'order_lines', lines);
  await insert(db, 'receipts', receipts.slice(0, RECEIPTS));
  return invoiceable;
}

/** A tenant with RECEIPTS open receipts of one vendor and a draft of INVOICE_LINES lines against them; returns the draft id. */
export async function createBenchData(db: Knex, tenantId: number): Promise<number> {
  const t = { tenant_id: tenantId };
  const rng = prng(42);
  await reference(db, t);
  const invoiceable = await purchases(db, t, rng);
  await db('purchase_invoice_drafts').insert({
    ...t,
    id: 1,
    vendor_id: 1,
    invoice_number: 'BENCH-1',
    invoice_date: INVOICE_DATE,
    currency_code: 'SEK',
  });
  const lines = Array.from({ length: INVOICE_LINES }, (_, index) => {
    const { product, qty } = invoiceable[rng.int(0, invoiceable.length - 1)];
    const off = rng.next() < 0.2;
    return {
      ...t,
      draft_id: 1,
      line_index: index,
      product_number: rng.next() < 0.7 ? `P-${product}` : null,
      vendor_sku: rng.next() < 0.9 ? `V-${product}` : null,
      description: `Product ${product}`,
      quantity: off ? qty + rng.int(-3, 2) : qty,
      price: off ? price(product) * 1.01 : price(product),
    };
  });
  await insert(db, 'purchase_invoice_draft_lines', lines);
  return 1;
}
