import type { Knex } from 'knex';
import type { Db } from '../../../shared/db/knex';
import { applyKeyset, toPage, type Keyset, type Page } from '../paging/keyset';
import type { AppliedPageSize } from '../paging/page-size';
import { parseInt32 } from '../http/path-ids';
import { containsPattern } from '../../../shared/db/like';
import type { CustomerDto, CustomersQuery } from './schemas';

type CustomerRow = {
  id: number;
  contact_number: number;
  name: string;
  orgno: string;
  currency_code: string | null;
  inactive: boolean;
  open_order_count: string;
};

/** Customers have no business date: newest first by id (ids follow creation order), on the primary key. */
const KEYSET: Keyset = ['c.id'];

// The customer's sales orders (not yet invoiced) in an order-intake status.
const OPEN_ORDER_COUNT = `(select count(*) from orders o join statuses s on s.tenant_id = o.tenant_id and s.id = o.status_id
  where o.tenant_id = c.tenant_id and o.customer_id = c.id and s.is_order_intake and s.type = 'SALESORDER') as open_order_count`;

/** `q` matches the id or contact number exactly, or the name or organisation number in part. */
function whereText(query: Knex.QueryBuilder, q: string): void {
  const id = parseInt32(q);
  const pattern = containsPattern(q);
  const digits = q.replace(/[^0-9A-Za-z]/g, '').toLowerCase();
  query.where((w) => {
    if (id !== undefined) w.orWhere('c.id', id).orWhere('c.contact_number', id);
    w.orWhereRaw('c.name ilike ?', [pattern]).orWhereRaw('c.orgno ilike ?', [pattern]);
    if (digits !== '') w.orWhereRaw(`lower(regexp_replace(c.orgno, '[^0-9A-Za-z]', '', 'g')) like ?`, [`%${digits}%`]);
  });
}

/** One page of the tenant's customers (active ones unless `inactive`), each with its open sales orders counted. */
export async function listCustomers(
  db: Db,
  tenantId: number,
  filters: CustomersQuery,
  page: AppliedPageSize,
): Promise<Page<CustomerDto>> {
  const query = db('customers as c')
    .where('c.tenant_id', tenantId)
    .select('c.id', 'c.contact_number', 'c.name', 'c.orgno', 'c.currency_code', 'c.inactive', db.raw(OPEN_ORDER_COUNT));
  if (filters.inactive !== true) query.where('c.inactive', false);
  if (filters.q !== undefined) whereText(query, filters.q);
  const rows: CustomerRow[] = await applyKeyset(query, KEYSET, { cursor: filters.cursor, size: page.size });
  return toPage(rows, KEYSET, page, (r) => ({
    id: r.id,
    contactNumber: r.contact_number,
    name: r.name,
    orgno: r.orgno,
    currencyIsoCode: r.currency_code,
    inactive: r.inactive,
    openOrderCount: Number(r.open_order_count),
  }));
}
