import type { Knex } from 'knex';
import type { Db } from '../../../shared/db/knex';
import { NO_LINES, type LineFacts } from './sales-order-dto';

/** The columns of an order head (`o`, joined with its status `s` and customer `c`). */
const HEAD_COLUMNS = [
  'o.id',
  'o.name',
  'o.customer_id',
  'c.name as customer_name',
  'c.orgno as customer_orgno',
  'o.status_id',
  's.name as status_name',
  's.type as status_type',
  's.is_order_intake',
  's.is_sales',
  'o.date_order',
  'o.date_delivery',
  'o.date_invoice',
  'o.date_due',
  'o.total_ex_vat',
  'o.total_vat',
  'o.total_inc_vat',
  'o.currency_code',
];

/**
 * Orders of the tenant with their status and customer, restricted to the given status types. Every join
 * matches on tenant_id too: ids are only unique within a tenant.
 */
export function selectOrderHeads(db: Db, tenantId: number, types: readonly string[]): Knex.QueryBuilder {
  return db('orders as o')
    .join('statuses as s', (j) => j.on('s.tenant_id', 'o.tenant_id').andOn('s.id', 'o.status_id'))
    .join('customers as c', (j) => j.on('c.tenant_id', 'o.tenant_id').andOn('c.id', 'o.customer_id'))
    .where('o.tenant_id', tenantId)
    .whereIn('s.type', [...types])
    .select(HEAD_COLUMNS)
    .select(db.raw('(o.total_inc_vat - o.paid_amount)::text as open_amount'));
}

type FactsRow = { order_id: number; open_qty: boolean; over_delivered: boolean; differs: boolean };

/** Line facts of the orders, in one query; orders without lines get NO_LINES. */
export async function loadLineFacts(
  db: Db,
  tenantId: number,
  orderIds: readonly number[],
): Promise<Map<number, LineFacts>> {
  const facts = new Map<number, LineFacts>(orderIds.map((id) => [id, NO_LINES]));
  if (!orderIds.length) return facts;
  const rows: FactsRow[] = await db('order_lines')
    .select('order_id')
    .select(
      db.raw('bool_or(qty_delivered < quantity) as open_qty'),
      db.raw('bool_or(abs(qty_delivered) > abs(quantity)) as over_delivered'),
      db.raw('bool_or(qty_delivered <> quantity) as differs'),
    )
    .where('tenant_id', tenantId)
    .whereIn('order_id', [...orderIds])
    .groupBy('order_id');
  for (const r of rows)
    facts.set(r.order_id, {
      hasOpenQuantity: r.open_qty,
      hasOverDelivery: r.over_delivered,
      hasDeliveryDifference: r.differs,
    });
  return facts;
}
