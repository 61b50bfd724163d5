import { isReducedVat } from './catalogue-plan';
import { eurPrice } from './commerce-rows';
import type { SeedContext } from './context';
import { type DocType, type LinePlan, type OrderPlan, totals, withSums } from './order-types';
import type { CustomerPlan } from './parties';
import { skuName, skuNumber } from './product-rows';
import { purchasePlan } from './purchase-plan';
import { type Rng, STREAM, rngFor } from './random';
import { IMPORTER, MARKET_VAT, STATUS } from './reference-data';
import { DAY_MS } from './time';

type Head = { orderMs: number; kind: 'purchase' | 'credit' | 'sales'; salesType: DocType };

/** Date and kind of order `j`: orders spread evenly over the year, recent sales mostly still open orders. */
function drawHead(ctx: SeedContext, j: number, rng: Rng): Head {
  const start = ctx.asOfMs - 365 * DAY_MS;
  const orderMs = Math.min(
    ctx.asOfMs - 60_000,
    Math.floor(start + ((j + rng.float()) / ctx.volumes.orders) * 365 * DAY_MS),
  );
  const u = rng.float();
  const recent = ctx.asOfMs - orderMs <= 14 * DAY_MS;
  const salesType: DocType = rng.chance(recent ? 0.85 : 0.06) ? 'SALESORDER' : 'SALESINVOICE';
  return { orderMs, kind: u < 0.06 ? 'purchase' : u < 0.09 ? 'credit' : 'sales', salesType };
}

function pickCustomer(ctx: SeedContext, rng: Rng): CustomerPlan {
  return ctx.customers[rng.chance(0.5) ? ctx.customerPick.sample(rng) : rng.int(0, ctx.customers.length - 1)];
}

function salesLine(ctx: SeedContext, rng: Rng, customer: CustomerPlan, web: boolean): LinePlan {
  const plan = ctx.catalogue;
  const s = rng.int(0, plan.skus - 1);
  const reverseCharge = customer.isCompany && customer.country !== 'SE';
  const rate = MARKET_VAT[customer.currency][isReducedVat(plan, plan.skuRoot[s]) ? 'reduced' : 'standard'];
  const withVat = customer.currency === 'SEK' ? plan.skuPriceSek[s] : eurPrice(plan.skuPriceSek[s]);
  const euro = customer.currency === 'EUR';
  return withSums({
    id: 0,
    sku: s,
    productId: plan.skuProduct[s],
    productNumber: skuNumber(plan, s),
    description: skuName(plan, s),
    qty: web
      ? rng.weighted([
          [1, 8],
          [2, 2],
          [3, 1],
        ])
      : rng.int(1, 12) * rng.pick([1, 1, 5, 10]),
    delivered: 0,
    priceCents: Math.round(withVat / (1 + rate / 100)),
    discount: web ? 0 : rng.pick([0, 0, 5, 10, 15]),
    vatRate: reverseCharge ? 0 : rate,
    warehouseId: euro ? (rng.chance(0.7) ? 3 : 1) : rng.chance(0.93) ? 1 : 2,
    receipts: [],
  });
}

function openOrderStatus(rng: Rng, ageDays: number): number {
  if (rng.chance(0.03)) return STATUS.soCancelled;
  if (ageDays < 1) return rng.chance(0.3) ? STATUS.soPreview : STATUS.soBooked;
  if (ageDays < 3) return rng.chance(0.7) ? STATUS.soBooked : STATUS.soPicking;
  return rng.weighted([
    [STATUS.soBooked, 3],
    [STATUS.soPicking, 2],
    [STATUS.soPartlyDelivered, 5],
  ]);
}

/** Quantities delivered: part of a partly delivered order, everything on invoices but a rare shortfall. */
function deliver(rng: Rng, statusId: number, invoiced: boolean, lines: LinePlan[]): void {
  for (const line of lines) {
    if (statusId === STATUS.soPartlyDelivered)
      line.delivered = rng.weighted([
        [line.qty, 2],
        [Math.floor(line.qty / 2), 1],
        [0, 1],
      ]);
    else if (invoiced) line.delivered = rng.chance(0.02) ? Math.max(0, line.qty - 1) : line.qty;
  }
  if (statusId === STATUS.soPartlyDelivered && lines.every((l) => l.delivered === l.qty)) lines[0].delivered = 0;
}

/** Status and paid amount of an invoice: web orders are paid up front; business customers pay late, in part, or not yet. */
function invoiceState(ctx: SeedContext, rng: Rng, web: boolean, dueMs: number, totalInc: number): [number, number] {
  if (rng.chance(0.02)) return [STATUS.invDraft, 0];
  if (rng.chance(0.01)) return [STATUS.invVoid, 0];
  if (web) return [STATUS.invPaid, totalInc];
  const overdue = dueMs < ctx.asOfMs;
  const state = rng.weighted<'paid' | 'part' | 'open'>(
    overdue
      ? [
          ['paid', 85],
          ['part', 6],
          ['open', 9],
        ]
      : [
          ['paid', 25],
          ['part', 5],
          ['open', 70],
        ],
  );
  if (state === 'paid') return [STATUS.invPaid, totalInc];
  if (state === 'part') return [STATUS.invInvoiced, Math.round(totalInc * (0.3 + rng.float() * 0.4))];
  return [STATUS.invInvoiced, 0];
}

function shopOrder(rng: Rng, j: number, web: boolean): [number | null, string | null] {
  if (!web) return [null, rng.chance(0.02) ? `M-${j + 1}` : null];
  const importer = rng.weighted([
    [IMPORTER.shopify, 5],
    [IMPORTER.woocommerce, 2],
    [IMPORTER.klarna, 2],
    [IMPORTER.stripe, 1],
  ]);
  if (importer === IMPORTER.shopify) return [importer, `#${1000 + j}`];
  if (importer === IMPORTER.woocommerce) return [importer, `WC-${200000 + j}`];
  return [importer, importer === IMPORTER.klarna ? `KL${rng.hex(10).toUpperCase()}` : `pi_${rng.hex(24)}`];
}

function salesPlan(ctx: SeedContext, j: number, rng: Rng, head: Head): OrderPlan {
  const customer = pickCustomer(ctx, rng);
  const web = customer.isCompany ? rng.chance(0.1) : rng.chance(0.85);
  const [importerId, shopOrderNumber] = shopOrder(rng, j, web);
  const lines = Array.from(
    {
      length: web
        ? rng.weighted([
            [1, 5],
            [2, 3],
            [3, 2],
            [4, 1],
          ])
        : rng.int(1, 8),
    },
    () => salesLine(ctx, rng, customer, web),
  );
  const { totalEx, totalVat } = totals(lines);
  const deliveryMs = head.orderMs + rng.int(1, 7) * DAY_MS;
  const base = {
    index: j,
    id: j + 1,
    name: web ? `Web order ${shopOrderNumber}` : customer.name,
    customer,
    vendor: null,
    currency: customer.currency,
    orderMs: head.orderMs,
    deliveryMs,
    invoiceNumber: null,
    purchaseNumber: null,
    importerId,
    shopOrderNumber,
    creditedOrderId: null,
    yourReference: web ? null : `${customer.lastName} ${rng.int(100, 9999)}`,
    lines,
    totalEx,
    totalVat,
  };
  if (head.salesType === 'SALESORDER') {
    const statusId = openOrderStatus(rng, (ctx.asOfMs - head.orderMs) / DAY_MS);
    deliver(rng, statusId, false, lines);
    return { ...base, type: 'SALESORDER', statusId, invoiceMs: null, dueMs: null, numbered: false, paid: 0 };
  }
  const invoiceMs = Math.min(ctx.asOfMs - 60_000, deliveryMs + rng.int(0, 3) * DAY_MS);
  const dueMs = invoiceMs + customer.termDays * DAY_MS;
  const [statusId, paid] = invoiceState(ctx, rng, web, dueMs, totalEx + totalVat);
  deliver(rng, statusId, true, lines);
  const numbered = statusId !== STATUS.invDraft;
  return { ...base, type: 'SALESINVOICE', statusId, invoiceMs, dueMs, numbered, paid };
}

function creditOf(j: number, rng: Rng, orderMs: number, origin: OrderPlan): OrderPlan {
  const lines = origin.lines.slice(0, rng.int(1, origin.lines.length)).map((line) => {
    const qty = -(rng.chance(0.3) ? Math.ceil(line.qty / 2) : line.qty);
    return withSums({ ...line, id: 0, qty, delivered: qty, receipts: [] });
  });
  const { totalEx, totalVat } = totals(lines);
  const credited = rng.chance(0.9);
  return {
    index: j,
    id: j + 1,
    type: 'SALESCREDIT',
    statusId: credited ? STATUS.crCredited : STATUS.crDraft,
    name: `Credit for order ${origin.id}`,
    customer: origin.customer,
    vendor: null,
    currency: origin.currency,
    orderMs,
    deliveryMs: orderMs,
    invoiceMs: orderMs,
    dueMs: orderMs,
    numbered: credited,
    invoiceNumber: null,
    purchaseNumber: null,
    importerId: null,
    shopOrderNumber: null,
    creditedOrderId: origin.id,
    yourReference: null,
    lines,
    totalEx,
    totalVat,
    paid: credited ? totalEx + totalVat : 0,
  };
}

/** A credit invoice of a recent issued invoice, or null when none is found close before it. */
function creditPlan(ctx: SeedContext, j: number, rng: Rng, orderMs: number): OrderPlan | null {
  for (let k = j - 1; k >= Math.max(0, j - 60); k--) {
    const originRng = rngFor(ctx.seed, STREAM.order, k);
    const head = drawHead(ctx, k, originRng);
    if (head.kind !== 'sales' || head.salesType !== 'SALESINVOICE') continue;
    const origin = salesPlan(ctx, k, originRng, head);
    if (origin.statusId === STATUS.invInvoiced || origin.statusId === STATUS.invPaid)
      return creditOf(j, rng, orderMs, origin);
  }
  return null;
}

/** The whole of order `j` (0-based), regenerated the same way every time; line ids and numbers come later. */
export function orderPlan(ctx: SeedContext, j: number): OrderPlan {
  const rng = rngFor(ctx.seed, STREAM.order, j);
  const head = drawHead(ctx, j, rng);
  if (head.kind === 'purchase') return purchasePlan(ctx, j, rng, head.orderMs);
  if (head.kind === 'credit') return creditPlan(ctx, j, rng, head.orderMs) ?? salesPlan(ctx, j, rng, head);
  return salesPlan(ctx, j, rng, head);
}
