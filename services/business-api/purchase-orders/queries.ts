import type { Knex } from 'knex';
import type { Db } from '../../../shared/db/knex';
import { whereBetween, whereDateRange } from '../filters/date-range';
import { applyKeyset, toPage, type Keyset, type Page } from '../paging/keyset';
import type { AppliedPageSize } from '../paging/page-size';
import { whereStatus } from '../statuses/status-filter';
import type { PurchaseOrderDto, PurchaseOrdersQuery } from './schemas';

type PurchaseRow = {
  id: number;
  purchase_number: number | null;
  vendor_id: number;
  vendor_name: string;
  vendor_orgno: string;
  status_id: number;
  status_name: string;
  date_order: Date;
  date_delivery: Date;
  total_ex_vat: string;
  total_inc_vat: string;
  received_pct: string | null;
  received_value: string;
  invoiced_value: string;
  open_value: string;
  currency_code: string;
};

/** Newest order date first, like every document list. */
const KEYSET: Keyset = ['o.date_order', 'o.id'];

// A receipt counts as invoiced once it is booked: booking the supplier invoice matched to it is what sets it.
const RECEIVED = `left join lateral (
    select coalesce(sum(r.quantity), 0) as qty,
      coalesce(sum(r.quantity * r.unit_price), 0) as received_value,
      coalesce(sum(r.quantity * r.unit_price) filter (where r.booked), 0) as invoiced_value,
      coalesce(sum(r.quantity * r.unit_price) filter (where not r.booked), 0) as open_value
    from receipts r where r.tenant_id = o.tenant_id and r.order_id = o.id) rv on true`;
const ORDERED = `left join lateral (
    select sum(l.quantity) as qty from order_lines l where l.tenant_id = o.tenant_id and l.order_id = o.id) ov on true`;

function applyFilters(query: Knex.QueryBuilder, f: PurchaseOrdersQuery): void {
  query.where('s.type', 'PURCHASEORDER');
  whereStatus(query, 's', f, 'purchase');
  if (f.vendorId !== undefined) query.where('o.vendor_id', f.vendorId);
  if (f.currency !== undefined) query.where('o.currency_code', f.currency);
  whereDateRange(query, 'o.date_order', f.orderDateFrom, f.orderDateTo);
  whereDateRange(query, 'o.date_delivery', f.deliveryDateFrom, f.deliveryDateTo);
  whereBetween(query, 'rv.received_value', f.receivedValueMin, f.receivedValueMax);
  whereBetween(query, 'rv.open_value', f.openToInvoiceMin, f.openToInvoiceMax);
}

const toDto = (r: PurchaseRow): PurchaseOrderDto => ({
  id: r.id,
  purchaseNumber: r.purchase_number ?? 0,
  vendorId: r.vendor_id,
  vendorName: r.vendor_name,
  vendorOrgno: r.vendor_orgno,
  statusId: r.status_id,
  statusName: r.status_name,
  dateOrder: r.date_order.toISOString(),
  dateDelivery: r.date_delivery.toISOString(),
  orderTotalExVat: Number(r.total_ex_vat),
  orderTotalIncVat: Number(r.total_inc_vat),
  receivedQtyPercent: r.received_pct === null ? null : Number(r.received_pct),
  receivedValueExVat: Number(r.received_value),
  invoicedValueExVat: Number(r.invoiced_value),
  openToInvoiceExVat: Number(r.open_value),
  currencyIsoCode: r.currency_code,
});

/** One page of the tenant's purchase orders with what has been received and invoiced of them. */
export async function listPurchaseOrders(
  db: Db,
  tenantId: number,
  filters: PurchaseOrdersQuery,
  page: AppliedPageSize,
): Promise<Page<PurchaseOrderDto>> {
  const query = db('orders as o')
    .join('statuses as s', (j) => j.on('s.tenant_id', 'o.tenant_id').andOn('s.id', 'o.status_id'))
    .join('vendors as v', (j) => j.on('v.tenant_id', 'o.tenant_id').andOn('v.id', 'o.vendor_id'))
    .joinRaw(RECEIVED)
    .joinRaw(ORDERED)
    .where('o.tenant_id', tenantId)
    .select(
      'o.id',
      'o.purchase_number',
      'o.vendor_id',
      'v.name as vendor_name',
      'v.orgno as vendor_orgno',
      'o.status_id',
      's.name as status_name',
      'o.date_order',
      db.raw('coalesce(o.date_delivery, o.date_order) as date_delivery'),
      'o.total_ex_vat',
      'o.total_inc_vat',
      db.raw('round(100 * rv.qty / nullif(ov.qty, 0), 2) as received_pct'),
      'rv.received_value',
      'rv.invoiced_value',
      'rv.open_value',
      'o.currency_code',
    );
  applyFilters(query, filters);
  const rows: PurchaseRow[] = await applyKeyset(query, KEYSET, { cursor: filters.cursor, size: page.size });
  return toPage(rows, KEYSET, page, toDto);
}
