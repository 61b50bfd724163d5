import { z } from 'zod';
import type { Db } from '../../../shared/db/knex';

const kind = z.enum(['order', 'delivery', 'invoice']).describe('What the detail is for');

/** The order's own active contact details as stored, never the customer's (rule 8). */
export const salesOrderContactDto = z
  .object({
    orderId: z.number().int(),
    emails: z.array(z.object({ id: z.number().int(), kind, email: z.string() })),
    phones: z.array(z.object({ id: z.number().int(), kind, phone: z.string() })),
    addresses: z.array(
      z.object({
        id: z.number().int(),
        kind,
        name: z.string().nullable(),
        company: z.string().nullable(),
        street: z.string().nullable(),
        street2: z.string().nullable(),
        postalCode: z.string().nullable(),
        city: z.string().nullable(),
        region: z.string().nullable(),
        countryCode: z.string(),
      }),
    ),
  })
  .meta({ id: 'SalesOrderContactDto' });

export type SalesOrderContactDto = z.infer<typeof salesOrderContactDto>;
type Kind = z.infer<typeof kind>;

type AddressRow = {
  id: number;
  kind: Kind;
  name: string | null;
  company: string | null;
  street: string | null;
  street2: string | null;
  postal_code: string | null;
  city: string | null;
  region: string | null;
  country_code: string;
};

/** Active rows only, oldest first; values exactly as stored (the e-mail filter's trimming does not apply here). */
export async function loadContact(db: Db, tenantId: number, orderId: number): Promise<SalesOrderContactDto> {
  const active = { tenant_id: tenantId, order_id: orderId, active: true };
  const [emails, phones, addresses] = await Promise.all([
    db('order_emails').select('id', 'kind', 'email').where(active).orderBy('id') as Promise<
      Array<{ id: number; kind: Kind; email: string }>
    >,
    db('order_phones').select('id', 'kind', 'phone').where(active).orderBy('id') as Promise<
      Array<{ id: number; kind: Kind; phone: string }>
    >,
    db('order_addresses')
      .select('id', 'kind', 'name', 'company', 'street', 'street2', 'postal_code', 'city', 'region', 'country_code')
      .where(active)
      .orderBy('id') as Promise<AddressRow[]>,
  ]);
  return {
    orderId,
    emails,
    phones,
    addresses: addresses.map(({ postal_code, country_code, ...a }) => ({
      ...a,
      postalCode: postal_code,
      countryCode: country_code,
    })),
  };
}
