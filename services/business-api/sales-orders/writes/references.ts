import type { Db } from '../../../../shared/db/knex';
import { badRequest } from '../../../../shared/errors';

/** Rule 4 and 5: an unknown reference is 400 `invalid_request`, naming what was not found. */
const invalid = (message: string) => badRequest('invalid_request', message);

export type CustomerTerms = {
  id: number;
  name: string;
  currency_code: string | null;
  vat_type_id: number | null;
  payment_term_id: number | null;
  delivery_term_id: number | null;
  price_list_id: number | null;
};

export async function requireCustomer(db: Db, tenantId: number, id: number): Promise<CustomerTerms> {
  const row = (await db('customers')
    .where({ tenant_id: tenantId, id })
    .first('id', 'name', 'currency_code', 'vat_type_id', 'payment_term_id', 'delivery_term_id', 'price_list_id')) as
    | CustomerTerms
    | undefined;
  if (!row) throw invalid(`Company ${id} does not exist.`);
  return row;
}

/** The currency code as stored (any case accepted), when the tenant has it. */
export async function requireCurrency(db: Db, tenantId: number, code: string): Promise<string> {
  const upper = code.trim().toUpperCase();
  const row = /^[A-Z]{3}$/.test(upper)
    ? await db('currencies').where({ tenant_id: tenantId, code: upper }).first('code')
    : undefined;
  if (!row) throw invalid(`Currency '${code}' does not exist.`);
  return upper;
}

export async function requireVatType(db: Db, tenantId: number, id: number): Promise<void> {
  if (!(await db('vat_types').where({ tenant_id: tenantId, id }).first('id')))
    throw invalid(`VAT type ${id} does not exist.`);
}

/** A status of a sales order proper: orders become invoices by invoicing, never by a status change here. */
export async function requireSalesOrderStatus(db: Db, tenantId: number, id: number): Promise<void> {
  const row = await db('statuses').where({ tenant_id: tenantId, id, type: 'SALESORDER' }).first('id');
  if (!row) throw invalid(`Status ${id} is not a sales order status.`);
}

/** The first order-intake sales order status (by position): where a new order starts. */
export async function defaultSalesOrderStatus(db: Db, tenantId: number): Promise<number> {
  const row = (await db('statuses')
    .where({ tenant_id: tenantId, type: 'SALESORDER', is_order_intake: true, active: true })
    .orderBy([{ column: 'position' }, { column: 'id' }])
    .first('id')) as { id: number } | undefined;
  if (!row) throw invalid('The tenant has no order-intake sales order status; send statusId.');
  return row.id;
}

/** The customer's price list when it is in the order currency, else the tenant's first active one in it. */
export async function priceListFor(
  db: Db,
  tenantId: number,
  customer: CustomerTerms,
  currency: string,
): Promise<number | null> {
  const row = (await db('price_lists')
    .where({ tenant_id: tenantId, currency_code: currency, active: true })
    .orderByRaw('(id = ?) desc, id', [customer.price_list_id ?? 0])
    .first('id')) as { id: number } | undefined;
  return row?.id ?? null;
}
