import type { Knex } from '../../../../../shared/db/knex';

/** Status ids of a seeded tenant (scripts/seed/generator/reference-data.ts). */
export const SEEDED_STATUS = {
  soPreview: 1,
  soBooked: 2,
  soCancelled: 5,
  invDraft: 6,
  invInvoiced: 7,
  invPaid: 8,
  crCredited: 11,
  poOpen: 12,
} as const;

let nextId = 900_000;

/** Inserts one order of a seeded tenant (a booked sales order of customer 1 unless told otherwise); returns its id. */
export async function insertOrder(db: Knex, tenantId: number, values: Record<string, unknown> = {}): Promise<number> {
  const id = (values.id as number | undefined) ?? ++nextId;
  await db('orders').insert({
    tenant_id: tenantId,
    id,
    status_id: SEEDED_STATUS.soBooked,
    customer_id: 1,
    name: `Test order ${id}`,
    currency_code: 'SEK',
    date_order: '2025-03-10T10:00:00Z',
    date_delivery: '2025-03-20T10:00:00Z',
    ...values,
  });
  return id;
}

/** Inserts a line (quantity 1 at 100.00, 25% VAT, sums filled in) on an order; returns its id. */
export async function insertLine(
  db: Knex,
  tenantId: number,
  orderId: number,
  values: Record<string, unknown> = {},
): Promise<number> {
  const [row] = await db('order_lines')
    .insert({
      tenant_id: tenantId,
      order_id: orderId,
      position: 1,
      product_number: 'TEST-1',
      description: 'Test line',
      quantity: 1,
      price: 100,
      vat_rate: 25,
      sum_ex_vat: 100,
      sum_vat: 25,
      sum_inc_vat: 125,
      ...values,
    })
    .returning<Array<{ id: number }>>('id');
  if (!row) throw new Error('line insert returned no row');
  return row.id;
}
