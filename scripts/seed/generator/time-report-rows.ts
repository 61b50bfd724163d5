import type { SeedContext } from './context';
import { orderPlan } from './order-plan';
import { STREAM, rngFor } from './random';
import { PERSON_COUNT } from './reference-data';
import { DAY_MS, iso, isoDate } from './time';
import type { Row } from './types';

export const TIME_REPORT_COLUMNS = [
  'id',
  'person_id',
  'order_id',
  'customer_id',
  'date',
  'hours',
  'description',
  'billable',
  'invoiced',
  'created_at',
  'updated_at',
] as const;

const TASKS = [
  'Installation',
  'Consulting',
  'Support call',
  'Product training',
  'Repair',
  'Project meeting',
  'Internal admin',
];

/** Time line `t`: half on a sales order (and its customer), a quarter on a customer only, the rest internal. */
function timeReportRow(ctx: SeedContext, t: number): Row {
  const rng = rngFor(ctx.seed, STREAM.timeReport, t);
  const link = rng.weighted<'order' | 'customer' | 'internal'>([
    ['order', 2],
    ['customer', 1],
    ['internal', 1],
  ]);
  let orderId: number | null = null;
  let customerId: number | null = null;
  let dayMs = ctx.asOfMs - rng.int(0, 364) * DAY_MS;
  if (link === 'order' && ctx.volumes.orders > 0) {
    const order = orderPlan(ctx, rng.int(0, ctx.volumes.orders - 1));
    if (order.customer) {
      [orderId, customerId] = [order.id, order.customer.id];
      dayMs = Math.min(ctx.asOfMs, order.orderMs - (order.orderMs % DAY_MS) + rng.int(0, 20) * DAY_MS);
    }
  } else if (link === 'customer') {
    customerId = rng.int(1, ctx.customers.length);
  }
  const billable = customerId !== null && rng.chance(0.85);
  const invoiced = billable && ctx.asOfMs - dayMs > 30 * DAY_MS && rng.chance(0.8);
  const at = iso(dayMs + 17 * 3_600_000);
  return [
    t + 1,
    rng.int(1, PERSON_COUNT),
    orderId,
    customerId,
    isoDate(dayMs),
    rng.pick(['0.50', '1.00', '1.50', '2.00', '3.00', '4.00', '6.00', '8.00']),
    customerId === null ? 'Internal admin' : rng.pick(TASKS),
    billable,
    invoiced,
    at,
    at,
  ];
}

export function* timeReportRows(ctx: SeedContext): Generator<Row> {
  for (let t = 0; t < ctx.volumes.timeReportLines; t++) yield timeReportRow(ctx, t);
}
