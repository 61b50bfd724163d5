import type { SeedContext } from './context';
import { cents } from './money';
import { orderPlan } from './order-plan';
import type { OrderPlan } from './order-types';
import { PRICE_LIST } from './reference-data';
import { iso } from './time';
import type { Row } from './types';

export const ORDER_COLUMNS = [
  'id',
  'status_id',
  'customer_id',
  'vendor_id',
  'name',
  'currency_code',
  'price_list_id',
  'payment_term_id',
  'delivery_term_id',
  'vat_type_id',
  'importer_id',
  'shop_order_number',
  'purchase_number',
  'invoice_number',
  'credited_order_id',
  'your_reference',
  'date_order',
  'date_delivery',
  'date_invoice',
  'date_due',
  'total_ex_vat',
  'total_vat',
  'total_inc_vat',
  'paid_amount',
  'created_at',
  'updated_at',
] as const;

export const ORDER_LINE_COLUMNS = [
  'id',
  'order_id',
  'position',
  'product_id',
  'product_number',
  'description',
  'quantity',
  'qty_delivered',
  'price',
  'discount_percent',
  'vat_rate',
  'sum_ex_vat',
  'sum_vat',
  'sum_inc_vat',
  'warehouse_id',
  'date_delivery',
  'created_at',
  'updated_at',
] as const;

/** Plans of orders [from, to) with line ids, invoice numbers and purchase numbers assigned in order. */
export function assembleOrders(ctx: SeedContext, from: number, to: number): OrderPlan[] {
  const plans: OrderPlan[] = [];
  for (let j = from; j < to; j++) {
    const plan = orderPlan(ctx, j);
    for (const line of plan.lines) line.id = ++ctx.ids.orderLine;
    if (plan.numbered) plan.invoiceNumber = ++ctx.ids.invoiceNumber;
    if (plan.type === 'PURCHASEORDER') plan.purchaseNumber = ++ctx.ids.purchaseNumber;
    plans.push(plan);
  }
  return plans;
}

const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

function orderRow(o: OrderPlan): Row {
  const c = o.customer;
  const sales = c !== null;
  const priceList = sales && (o.currency === 'SEK' || o.currency === 'EUR') ? PRICE_LIST[o.currency] : null;
  return [
    o.id,
    o.statusId,
    c?.id ?? null,
    o.vendor?.id ?? null,
    o.name,
    o.currency,
    priceList,
    c?.paymentTermId ?? 3,
    c?.isCompany ? 1 : null,
    c ? (c.isCompany && c.country !== 'SE' ? 2 : 1) : null,
    o.importerId,
    o.shopOrderNumber,
    o.purchaseNumber,
    o.invoiceNumber,
    o.creditedOrderId,
    o.yourReference,
    iso(o.orderMs),
    iso(o.deliveryMs),
    isoOrNull(o.invoiceMs),
    isoOrNull(o.dueMs),
    cents(o.totalEx),
    cents(o.totalVat),
    cents(o.totalEx + o.totalVat),
    cents(o.paid),
    iso(o.orderMs),
    iso(o.invoiceMs ?? o.orderMs),
  ];
}

export function* orderRows(plans: readonly OrderPlan[]): Generator<Row> {
  for (const plan of plans) yield orderRow(plan);
}

export function* orderLineRows(plans: readonly OrderPlan[]): Generator<Row> {
  for (const o of plans) {
    const created = iso(o.orderMs);
    const updated = iso(o.invoiceMs ?? o.orderMs);
    const delivery = iso(o.deliveryMs);
    for (let p = 0; p < o.lines.length; p++) {
      const l = o.lines[p];
      yield [
        l.id,
        o.id,
        p + 1,
        l.productId,
        l.productNumber,
        l.description,
        l.qty,
        l.delivered,
        cents(l.priceCents),
        l.discount,
        l.vatRate.toFixed(3),
        cents(l.sumEx),
        cents(l.sumVat),
        cents(l.sumEx + l.sumVat),
        l.warehouseId,
        delivery,
        created,
        updated,
      ];
    }
  }
}
