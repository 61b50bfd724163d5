import type { Cell } from '../../../../scripts/seed/generator/types';
import { AS_OF, collectSeed, records } from './collect-seed';

const tables = collectSeed({ products: 500, orders: 1500, seed: 7, asOf: AS_OF });
const num = (value: Cell) => Number(value);
const statusType = new Map(records(tables, 'statuses').map((s) => [s.id, s.type]));
const orders = records(tables, 'orders');
const ofType = (type: string) => orders.filter((o) => statusType.get(o.status_id) === type);

describe('seed generator: a year of orders', () => {
  it('has all four document types, over the year before the as-of day', () => {
    expect(new Set(orders.map((o) => statusType.get(o.status_id)))).toEqual(
      new Set(['SALESORDER', 'SALESINVOICE', 'SALESCREDIT', 'PURCHASEORDER']),
    );
    const dates = orders.map((o) => Date.parse(String(o.date_order)));
    expect(Math.min(...dates)).toBeGreaterThanOrEqual(AS_OF.getTime() - 366 * 86_400_000);
    expect(Math.max(...dates)).toBeLessThan(AS_OF.getTime());
  });

  it('has open lines on sales orders', () => {
    const open = new Set(ofType('SALESORDER').map((o) => o.id));
    const openLines = records(tables, 'order_lines').filter(
      (l) => open.has(l.order_id) && num(l.qty_delivered) < num(l.quantity),
    );
    expect(openLines.length).toBeGreaterThan(0);
  });

  it('has late and part-paid invoices', () => {
    const invoices = ofType('SALESINVOICE').filter((o) => o.invoice_number !== null);
    const partPaid = invoices.filter((o) => num(o.paid_amount) > 0 && num(o.paid_amount) < num(o.total_inc_vat));
    const late = invoices.filter(
      (o) => Date.parse(String(o.date_due)) < AS_OF.getTime() && num(o.paid_amount) < num(o.total_inc_vat),
    );
    expect(partPaid.length).toBeGreaterThan(0);
    expect(late.length).toBeGreaterThan(0);
  });

  it('links every credit invoice to an earlier sales invoice', () => {
    const byId = new Map(orders.map((o) => [o.id, o]));
    const credits = ofType('SALESCREDIT');
    expect(credits.length).toBeGreaterThan(0);
    for (const credit of credits) {
      const origin = byId.get(credit.credited_order_id);
      expect(origin && statusType.get(origin.status_id)).toBe('SALESINVOICE');
      expect(num(credit.total_inc_vat)).toBeLessThan(0);
    }
  });

  it('has purchase orders with partial receipts, and drafts matching unbooked receipts by vendor SKU', () => {
    const received = new Map<Cell, number>();
    for (const r of records(tables, 'receipts'))
      received.set(r.order_line_id, (received.get(r.order_line_id) ?? 0) + num(r.quantity));
    const poIds = new Set(ofType('PURCHASEORDER').map((o) => o.id));
    const partial = records(tables, 'order_lines').filter(
      (l) => poIds.has(l.order_id) && (received.get(l.id) ?? 0) > 0 && (received.get(l.id) ?? 0) < num(l.quantity),
    );
    expect(partial.length).toBeGreaterThan(0);
    expect(records(tables, 'receipts').some((r) => r.booked === false)).toBe(true);
    const vendorSkus = new Set(records(tables, 'vendor_prices').map((v) => v.supplier_product_number));
    const lines = records(tables, 'purchase_invoice_draft_lines');
    expect(records(tables, 'purchase_invoice_drafts').length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.vendor_sku !== null).every((l) => vendorSkus.has(l.vendor_sku))).toBe(true);
  });

  it('gives sales orders e-mails, addresses, shop order numbers, payments and parcels', () => {
    for (const table of [
      'order_emails',
      'order_phones',
      'order_addresses',
      'order_payments',
      'warehouse_orders',
      'parcels',
      'time_report_lines',
    ]) {
      expect({ table, empty: records(tables, table).length === 0 }).toEqual({ table, empty: false });
    }
    expect(orders.some((o) => o.shop_order_number !== null && o.importer_id !== null)).toBe(true);
    expect(records(tables, 'order_addresses').some((a) => a.kind === 'invoice')).toBe(true);
  });
});
