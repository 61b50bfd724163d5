import type { Knex } from 'knex';
import type { Db } from '../../../shared/db/knex';
import { whereDateRange } from '../filters/date-range';
import { applyKeyset, toPage, type Keyset, type Page } from '../paging/keyset';
import type { AppliedPageSize } from '../paging/page-size';
import { whereStatus } from '../statuses/status-filter';
import type { SalesInvoiceLineDto, SearchRequest } from './schemas';

type LineRow = {
  invoice_id: number;
  invoice_number: number | null;
  line_id: number;
  product_number: string;
  description: string;
  quantity: string;
  qty_delivered: string;
  price: string;
  sum_ex_vat: string;
  sum_inc_vat: string;
  currency_code: string;
};

/** Newest invoice (by order date) first, then its lines. */
const KEYSET: Keyset = ['o.date_order', 'o.id', 'l.id'];

function applyFilters(query: Knex.QueryBuilder, f: SearchRequest): void {
  query.whereIn('s.type', ['SALESINVOICE', 'SALESCREDIT']);
  whereStatus(query, 's', { statusId: f.statusId ?? undefined }, f.includeNonSales === true ? 'all' : 'sales');
  if (f.customerId != null) query.where('o.customer_id', f.customerId);
  if (f.productId != null) query.where('l.product_id', f.productId);
  whereDateRange(query, 'o.date_invoice', f.from ?? undefined, f.to ?? undefined);
}

/** One page of lines of the tenant's sales and credit invoices. */
export async function searchSalesInvoiceLines(
  db: Db,
  tenantId: number,
  search: SearchRequest,
  page: AppliedPageSize,
): Promise<Page<SalesInvoiceLineDto>> {
  const query = db('order_lines as l')
    .join('orders as o', (j) => j.on('o.tenant_id', 'l.tenant_id').andOn('o.id', 'l.order_id'))
    .join('statuses as s', (j) => j.on('s.tenant_id', 'o.tenant_id').andOn('s.id', 'o.status_id'))
    .where('l.tenant_id', tenantId)
    .select(
      'o.id as invoice_id',
      'o.invoice_number',
      'l.id as line_id',
      'l.product_number',
      'l.description',
      'l.quantity',
      'l.qty_delivered',
      'l.price',
      'l.sum_ex_vat',
      'l.sum_inc_vat',
      'o.currency_code',
    );
  applyFilters(query, search);
  const rows: LineRow[] = await applyKeyset(query, KEYSET, { cursor: search.cursor, size: page.size });
  return toPage(rows, KEYSET, page, (r) => ({
    invoiceId: r.invoice_id,
    invoiceNumber: r.invoice_number ?? 0,
    lineId: r.line_id,
    productNumber: r.product_number,
    description: r.description,
    quantity: Number(r.quantity),
    qtyDelivered: Number(r.qty_delivered),
    price: Number(r.price),
    sumExVat: Number(r.sum_ex_vat),
    sumIncVat: Number(r.sum_inc_vat),
    currencyIsoCode: r.currency_code,
  }));
}
