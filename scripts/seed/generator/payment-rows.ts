import type { SeedContext } from './context';
import { cents } from './money';
import type { OrderPlan } from './order-types';
import { type Rng, STREAM, rngFor } from './random';
import { IMPORTER, STATUS } from './reference-data';
import { iso } from './time';
import type { Row } from './types';
import { PAYMENT_PROVIDERS } from './party-words';

export const PAYMENT_COLUMNS = [
  'id',
  'order_id',
  'provider',
  'provider_reference',
  'method',
  'amount',
  'captured_amount',
  'refunded_amount',
  'currency_code',
  'status',
  'authorized_at',
  'captured_at',
  'created_at',
  'updated_at',
] as const;

function providerOf(rng: Rng, o: OrderPlan): string {
  if (o.importerId === IMPORTER.klarna) return 'klarna';
  if (o.importerId === IMPORTER.stripe) return 'stripe';
  const provider = rng.pick(PAYMENT_PROVIDERS);
  return provider === 'swish' && o.currency !== 'SEK' ? 'klarna' : provider;
}

/** What the provider reports now: captured once invoiced, authorised while open, cancelled with the order. */
function paymentStatus(o: OrderPlan): 'authorized' | 'captured' | 'cancelled' {
  if (o.statusId === STATUS.soCancelled || o.statusId === STATUS.invVoid) return 'cancelled';
  return o.statusId === STATUS.invPaid || o.statusId === STATUS.invInvoiced ? 'captured' : 'authorized';
}

function paymentRow(ctx: SeedContext, rng: Rng, o: OrderPlan, provider: string, status: string): Row {
  const total = o.totalEx + o.totalVat;
  const authorized = o.orderMs + rng.int(5, 600) * 1000;
  const captured = status === 'captured' ? (o.invoiceMs ?? authorized) : null;
  return [
    ++ctx.ids.payment,
    o.id,
    provider,
    `${provider.slice(0, 3)}_${rng.hex(20)}`,
    rng.pick(['card', 'invoice', 'account', 'wallet']),
    cents(total),
    cents(status === 'captured' ? total : 0),
    '0.00',
    o.currency,
    status,
    status === 'failed' ? null : iso(authorized),
    captured === null ? null : iso(captured),
    iso(o.orderMs),
    iso(captured ?? authorized),
  ];
}

/** Payments of web orders as their providers report them; now and then a failed attempt comes first. */
export function* paymentRows(ctx: SeedContext, plans: readonly OrderPlan[]): Generator<Row> {
  for (const o of plans) {
    if (o.importerId === null || o.customer === null) continue;
    const rng = rngFor(ctx.seed, STREAM.payment, o.index);
    const provider = providerOf(rng, o);
    if (rng.chance(0.02)) yield paymentRow(ctx, rng, o, provider, 'failed');
    yield paymentRow(ctx, rng, o, provider, paymentStatus(o));
  }
}
