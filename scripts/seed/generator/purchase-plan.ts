import { costPrice } from './commerce-rows';
import type { SeedContext } from './context';
import { type LinePlan, type OrderPlan, totals, withSums } from './order-types';
import type { VendorPlan } from './parties';
import { skuName, skuNumber } from './product-rows';
import type { Rng } from './random';
import { STATUS } from './reference-data';
import { DAY_MS } from './time';

/** Receipts older than this are booked (their supplier invoice was matched); newer ones wait for an invoice. */
const BOOKED_AFTER_DAYS = 45;

function purchaseStatus(rng: Rng, ageDays: number): number {
  if (rng.chance(0.03)) return STATUS.poCancelled;
  if (ageDays < 3) return STATUS.poOpen;
  if (ageDays < 20)
    return rng.weighted([
      [STATUS.poOpen, 3],
      [STATUS.poPartlyReceived, 5],
      [STATUS.poReceived, 2],
    ]);
  if (ageDays < 45)
    return rng.weighted([
      [STATUS.poPartlyReceived, 3],
      [STATUS.poReceived, 5],
      [STATUS.poClosed, 2],
    ]);
  return rng.weighted([
    [STATUS.poPartlyReceived, 1],
    [STATUS.poReceived, 3],
    [STATUS.poClosed, 16],
  ]);
}

function purchaseLine(ctx: SeedContext, rng: Rng, vendor: VendorPlan): LinePlan {
  const { start, list } = ctx.vendorSkus;
  const own = start[vendor.id] - start[vendor.id - 1];
  const s = own > 0 ? list[start[vendor.id - 1] + rng.int(0, own - 1)] : rng.int(0, ctx.catalogue.skus - 1);
  return withSums({
    id: 0,
    sku: s,
    productId: ctx.catalogue.skuProduct[s],
    productNumber: skuNumber(ctx.catalogue, s),
    description: skuName(ctx.catalogue, s),
    qty: rng.int(2, 40) * 5,
    delivered: 0,
    priceCents: costPrice(ctx, s, vendor),
    discount: 0,
    vatRate: vendor.country === 'SE' ? 25 : 0,
    warehouseId: vendor.currency === 'EUR' && rng.chance(0.5) ? 3 : 1,
    receipts: [],
  });
}

/** How much of a line has arrived: all of it, unless the order is only partly received. */
function receivedQty(rng: Rng, statusId: number, qty: number): number {
  if (statusId === STATUS.poOpen || statusId === STATUS.poCancelled) return 0;
  if (statusId !== STATUS.poPartlyReceived) return qty;
  if (!rng.chance(0.6)) return 0;
  return rng.chance(0.5) ? qty : Math.max(1, Math.round(qty * (0.3 + rng.float() * 0.6)));
}

/** Receipts of every line, in one or two deliveries, booked once old enough (always when the order is closed). */
function receive(ctx: SeedContext, rng: Rng, statusId: number, orderMs: number, lines: LinePlan[]): void {
  for (const line of lines) {
    const target = receivedQty(rng, statusId, line.qty);
    if (target === 0) continue;
    const first = target >= 10 && rng.chance(0.3) ? Math.round(target * 0.6) : target;
    let ms = orderMs + rng.int(4, 20) * DAY_MS;
    for (const qty of first === target ? [target] : [first, target - first]) {
      const at = Math.min(ctx.asOfMs - 3_600_000, ms);
      line.receipts.push({
        qty,
        ms: at,
        booked: statusId === STATUS.poClosed || ctx.asOfMs - at > BOOKED_AFTER_DAYS * DAY_MS,
      });
      ms += rng.int(1, 6) * DAY_MS;
    }
    line.delivered = target;
  }
  // A partly received order always has something received and something still to come.
  if (
    statusId === STATUS.poPartlyReceived &&
    (lines.every((l) => l.delivered === l.qty) || lines.every((l) => l.delivered === 0))
  ) {
    const line = lines[0];
    const qty = Math.floor(line.qty / 2);
    line.receipts = [{ qty, ms: Math.min(ctx.asOfMs - 3_600_000, orderMs + 5 * DAY_MS), booked: false }];
    line.delivered = qty;
  }
}

/** A purchase order `j` to a vendor, for products that vendor supplies, with its receipts. */
export function purchasePlan(ctx: SeedContext, j: number, rng: Rng, orderMs: number): OrderPlan {
  const vendor = ctx.vendors[ctx.vendorPick.sample(rng)];
  const statusId = purchaseStatus(rng, (ctx.asOfMs - orderMs) / DAY_MS);
  const lines = Array.from({ length: rng.int(2, 10) }, () => purchaseLine(ctx, rng, vendor));
  receive(ctx, rng, statusId, orderMs, lines);
  const { totalEx, totalVat } = totals(lines);
  return {
    index: j,
    id: j + 1,
    type: 'PURCHASEORDER',
    statusId,
    name: `Purchase from ${vendor.name}`,
    customer: null,
    vendor,
    currency: vendor.currency,
    orderMs,
    deliveryMs: orderMs + 14 * DAY_MS,
    invoiceMs: null,
    dueMs: null,
    numbered: false,
    invoiceNumber: null,
    purchaseNumber: null,
    importerId: null,
    shopOrderNumber: null,
    creditedOrderId: null,
    yourReference: null,
    lines,
    totalEx,
    totalVat,
    paid: 0,
  };
}
