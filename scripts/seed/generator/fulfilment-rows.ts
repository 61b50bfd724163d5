import { slugify } from './brands';
import type { SeedContext } from './context';
import type { OrderPlan } from './order-types';
import { type Rng, STREAM, rngFor } from './random';
import { STATUS } from './reference-data';
import { DAY_MS, iso } from './time';
import type { Row, RowBatch } from './types';
import { CARRIERS } from './party-words';

export const WAREHOUSE_ORDER_COLUMNS = [
  'id',
  'order_id',
  'warehouse_id',
  'external_ref',
  'status',
  'status_at',
  'created_at',
  'updated_at',
] as const;
export const PARCEL_COLUMNS = [
  'id',
  'order_id',
  'warehouse_order_id',
  'direction',
  'carrier',
  'service',
  'tracking_number',
  'tracking_url',
  'status',
  'status_at',
  'shipped_at',
  'delivered_at',
  'weight_grams',
  'created_at',
  'updated_at',
] as const;

const SHIPPED = new Set<number>([STATUS.soPartlyDelivered, STATUS.invDraft, STATUS.invInvoiced, STATUS.invPaid]);

function trackingNumber(rng: Rng, carrier: string): string {
  if (carrier === 'PostNord')
    return `00373${String(rng.int(0, 99_999)).padStart(5, '0')}${String(rng.int(0, 9_999_999)).padStart(7, '0')}`;
  if (carrier === 'DHL') return `JJD00${rng.hex(14).toUpperCase()}`;
  return rng.hex(12).toUpperCase();
}

function parcelRow(
  ctx: SeedContext,
  rng: Rng,
  o: OrderPlan,
  warehouseOrderId: number | null,
  direction: string,
  shippedMs: number,
): Row {
  const carrier = rng.pick(CARRIERS);
  const tracking = trackingNumber(rng, carrier);
  const deliveredMs = shippedMs + rng.int(1, 4) * DAY_MS;
  const delivered = deliveredMs < ctx.asOfMs && o.statusId !== STATUS.soPartlyDelivered;
  const status = delivered ? (direction === 'outbound' && rng.chance(0.03) ? 'returned' : 'delivered') : 'in_transit';
  const statusAt = iso(Math.min(ctx.asOfMs, delivered ? deliveredMs : shippedMs + DAY_MS));
  return [
    ++ctx.ids.parcel,
    o.id,
    warehouseOrderId,
    direction,
    carrier,
    rng.pick(['parcel', 'home', 'pickup point']),
    tracking,
    `https://tracking.example.com/${slugify(carrier)}/${tracking}`,
    status,
    statusAt,
    iso(shippedMs),
    delivered ? iso(deliveredMs) : null,
    rng.int(200, 12_000),
    iso(shippedMs),
    statusAt,
  ];
}

/** One warehouse order per warehouse the order ships from, and its outbound parcels. */
function shipment(ctx: SeedContext, o: OrderPlan, warehouseOrders: Row[], parcels: Row[]): void {
  const rng = rngFor(ctx.seed, STREAM.fulfilment, o.index);
  const picking = o.statusId === STATUS.soPicking;
  const shippedMs = Math.min(ctx.asOfMs - 3_600_000, o.orderMs + rng.int(1, 2) * DAY_MS);
  for (const warehouse of [...new Set(o.lines.map((l) => l.warehouseId))]) {
    const id = ++ctx.ids.warehouseOrder;
    const status = picking ? 'picking' : o.statusId === STATUS.soPartlyDelivered ? 'partially_shipped' : 'shipped';
    const at = iso(picking ? o.orderMs + 3_600_000 : shippedMs);
    warehouseOrders.push([id, o.id, warehouse, `WMS-${warehouse}-${o.id}`, status, at, iso(o.orderMs), at]);
    if (picking) continue;
    const count = rng.chance(0.15) ? 2 : 1;
    for (let p = 0; p < count; p++) parcels.push(parcelRow(ctx, rng, o, id, 'outbound', shippedMs));
  }
}

/** Some credited returns come back as a return parcel. */
function returnParcel(ctx: SeedContext, o: OrderPlan, parcels: Row[]): void {
  const rng = rngFor(ctx.seed, STREAM.fulfilment, o.index);
  if (rng.chance(0.4)) parcels.push(parcelRow(ctx, rng, o, null, 'return', o.orderMs - 3 * DAY_MS));
}

/** Warehouse orders and parcels of a chunk of orders (parcels point at warehouse orders, so built together). */
export function fulfilmentBatches(ctx: SeedContext, plans: readonly OrderPlan[]): RowBatch[] {
  const warehouseOrders: Row[] = [];
  const parcels: Row[] = [];
  for (const o of plans) {
    if (o.statusId === STATUS.soPicking || SHIPPED.has(o.statusId)) shipment(ctx, o, warehouseOrders, parcels);
    else if (o.statusId === STATUS.crCredited) returnParcel(ctx, o, parcels);
  }
  return [
    { table: 'warehouse_orders', columns: WAREHOUSE_ORDER_COLUMNS, rows: warehouseOrders },
    { table: 'parcels', columns: PARCEL_COLUMNS, rows: parcels },
  ];
}
