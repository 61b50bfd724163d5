import type { Knex } from 'knex';
import { containsPattern } from '../../../../shared/db/like';
import { whereBetween, whereDateRange } from '../../filters/date-range';
import { whereStatus, type StatusKind } from '../../statuses/status-filter';
import type { SalesOrderListQuery } from './list-schemas';

type Filters = Omit<SalesOrderListQuery, 'include' | 'cursor' | 'pageSize' | 'statusKind'>;

/** Keyset of the listing: newest order date first, id as the tie-breaker (index orders_by_date / _by_customer). */
export const SALES_ORDER_KEYSET = ['o.date_order', 'o.id'] as const;

/** Adds the listing's filters to an order-head query (`o`, `s`, `c`). */
export function applyListFilters(
  query: Knex.QueryBuilder,
  tenantId: number,
  kind: StatusKind,
  f: Filters,
): Knex.QueryBuilder {
  whereStatus(query, 's', { statusId: f.statusId, statusKind: kind }, kind);
  if (f.customerId !== undefined) query.where('o.customer_id', f.customerId);
  if (f.customerName !== undefined) query.whereILike('c.name', containsPattern(f.customerName));
  if (f.currency !== undefined) query.where('o.currency_code', f.currency);
  whereDateRange(query, 'o.date_order', f.orderDateFrom, f.orderDateTo);
  whereDateRange(query, 'o.date_delivery', f.deliveryDateFrom, f.deliveryDateTo);
  whereDateRange(query, 'o.date_invoice', f.invoiceDateFrom, f.invoiceDateTo);
  whereBetween(query, 'o.total_inc_vat', f.totalMin, f.totalMax);
  if (f.q !== undefined) applyFreeText(query, f.q);
  if (f.email !== undefined) applyEmail(query, tenantId, f.email);
  if (f.shopOrderNumber !== undefined) applyShopOrderNumber(query, tenantId, f.shopOrderNumber);
  return query;
}

/**
 * Part of the name, reference, shop order number, customer name or orgno; a whole number also hits id and invoice
 * number.
 */
function applyFreeText(query: Knex.QueryBuilder, q: string): void {
  const pattern = containsPattern(q);
  const number = /^[0-9]{1,9}$/.test(q) ? Number(q) : undefined;
  query.where((w) => {
    for (const column of ['o.name', 'o.your_reference', 'o.shop_order_number', 'c.name', 'c.orgno'])
      w.orWhereILike(column, pattern);
    if (number !== undefined) w.orWhere('o.id', number).orWhere('o.invoice_number', number);
  });
}

/**
 * Any active e-mail row of the order (invoice address included), trimmed and lower-cased (index
 * order_emails_lower_email).
 */
function applyEmail(query: Knex.QueryBuilder, tenantId: number, email: string): void {
  query.whereIn('o.id', (sub) =>
    sub
      .select('e.order_id')
      .from('order_emails as e')
      .where('e.tenant_id', tenantId)
      .andWhere('e.active', true)
      .andWhereRaw('lower(btrim(e.email)) = ?', [email]),
  );
}

/** Only orders created by a known webshop or payment importer (index orders_shop_order_number). */
function applyShopOrderNumber(query: Knex.QueryBuilder, tenantId: number, number: string): void {
  query.whereRaw('lower(o.shop_order_number) = ?', [number]);
  query.whereIn('o.importer_id', (sub) =>
    sub.select('i.id').from('importers as i').where('i.tenant_id', tenantId).whereIn('i.kind', ['webshop', 'payment']),
  );
}
