import type { SeedContext } from './context';
import type { OrderPlan } from './order-types';
import type { CustomerPlan } from './parties';
import { STREAM, rngFor } from './random';
import { iso } from './time';
import type { Row } from './types';

export const EMAIL_COLUMNS = ['id', 'order_id', 'kind', 'email', 'active', 'created_at', 'updated_at'] as const;
export const PHONE_COLUMNS = ['id', 'order_id', 'kind', 'phone', 'active', 'created_at', 'updated_at'] as const;
export const ADDRESS_COLUMNS = [
  'id',
  'order_id',
  'kind',
  'active',
  'name',
  'company',
  'street',
  'street2',
  'postal_code',
  'city',
  'region',
  'country_code',
  'created_at',
  'updated_at',
] as const;

type Contacts = {
  emails: Array<[kind: string, email: string, active: boolean]>;
  phones: Array<[kind: string, phone: string]>;
  addresses: Array<[kind: string, active: boolean, street: string]>;
};

/** As buyers type it: some web orders keep capitals (the e-mail filter lower-cases and trims). */
const asTyped = (email: string, capitalise: boolean) =>
  capitalise ? email.charAt(0).toUpperCase() + email.slice(1) : email;

/** The order's own contact details: the buyer's at the time, an invoice e-mail and address for many businesses. */
function contactsOf(ctx: SeedContext, o: OrderPlan, c: CustomerPlan): Contacts {
  const rng = rngFor(ctx.seed, STREAM.contacts, o.index);
  const emails: Contacts['emails'] = [['order', asTyped(c.email, o.importerId !== null && rng.chance(0.1)), true]];
  if (c.isCompany && rng.chance(0.5)) emails.push(['invoice', `invoice.${c.id}@${c.email.split('@')[1]}`, true]);
  if (rng.chance(0.05)) emails.push(['order', `old.${c.email}`, false]);
  const phones: Contacts['phones'] = rng.chance(0.85) ? [['order', c.phone]] : [];
  const addresses: Contacts['addresses'] = [['delivery', true, c.street]];
  if (rng.chance(c.isCompany ? 0.7 : 0.3))
    addresses.push(['invoice', true, c.isCompany ? `Box ${rng.int(100, 9999)}` : c.street]);
  if (rng.chance(0.03)) addresses.push(['delivery', false, `${c.street.split(' ')[0]} ${rng.int(1, 140)}`]);
  return { emails, phones, addresses };
}

function* contactRows(
  ctx: SeedContext,
  plans: readonly OrderPlan[],
  row: (o: OrderPlan, c: CustomerPlan, contacts: Contacts, at: string) => Row[],
): Generator<Row> {
  for (const o of plans) {
    if (o.customer === null) continue;
    yield* row(o, o.customer, contactsOf(ctx, o, o.customer), iso(o.orderMs));
  }
}

export function emailRows(ctx: SeedContext, plans: readonly OrderPlan[]): Generator<Row> {
  return contactRows(ctx, plans, (o, _c, { emails }, at) =>
    emails.map(([kind, email, active]) => [++ctx.ids.email, o.id, kind, email, active, at, at]),
  );
}

export function phoneRows(ctx: SeedContext, plans: readonly OrderPlan[]): Generator<Row> {
  return contactRows(ctx, plans, (o, _c, { phones }, at) =>
    phones.map(([kind, phone]) => [++ctx.ids.phone, o.id, kind, phone, true, at, at]),
  );
}

export function addressRows(ctx: SeedContext, plans: readonly OrderPlan[]): Generator<Row> {
  return contactRows(ctx, plans, (o, c, { addresses }, at) =>
    addresses.map(([kind, active, street]) => [
      ++ctx.ids.address,
      o.id,
      kind,
      active,
      c.isCompany ? `${c.firstName} ${c.lastName}` : c.name,
      c.isCompany ? c.name : null,
      street,
      null,
      c.postalCode,
      c.city,
      null,
      c.country,
      at,
      at,
    ]),
  );
}
