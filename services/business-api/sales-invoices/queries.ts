import type { Knex } from 'knex';
import type { Db } from '../../../shared/db/knex';
import { paymentState } from '../documents/payment-state';
import { whereBetween, whereDateRange } from '../filters/date-range';
import { parseInt32 } from '../http/path-ids';
import { applyKeyset, toPage, type Keyset, type Page } from '../paging/keyset';
import type { AppliedPageSize } from '../paging/page-size';
import { containsPattern } from '../../../shared/db/like';
import { whereStatus } from '../statuses/status-filter';
import type { DocumentTypeFilter, SalesInvoiceDto, SalesInvoicesQuery } from './schemas';

type InvoiceRow = {
  id: number;
  invoice_number: number | null;
  customer_id: number;
  customer_name: string;
  customer_orgno: string;
  status_name: string;
  status_type: string;
  is_sales: boolean;
  date_invoice: Date | null;
  date_due: Date | null;
  date_order: Date;
  total_ex_vat: string;
  total_vat: string;
  total_inc_vat: string;
  paid_amount: string;
  open_amount: string;
  currency_code: string;
};

/** Newest order date first, like every document list. */
const KEYSET: Keyset = ['o.date_order', 'o.id'];

const TYPES_OF: Record<DocumentTypeFilter, string[]> = {
  invoice: ['SALESINVOICE'],
  credit: ['SALESCREDIT'],
  both: ['SALESINVOICE', 'SALESCREDIT'],
};

/**
 * `q`: part of the document name, customer name or organisation number; a whole number also hits invoice number and id.
 */
function whereDocumentText(query: Knex.QueryBuilder, q: string): void {
  const pattern = containsPattern(q);
  const number = parseInt32(q);
  query.where((w) => {
    w.whereRaw('o.name ilike ?', [pattern])
      .orWhereRaw('c.name ilike ?', [pattern])
      .orWhereRaw('c.orgno ilike ?', [pattern]);
    if (number !== undefined) w.orWhere('o.invoice_number', number).orWhere('o.id', number);
  });
}

function applyFilters(query: Knex.QueryBuilder, f: SalesInvoicesQuery): void {
  query.whereIn('s.type', TYPES_OF[f.documentType ?? 'invoice']);
  whereStatus(query, 's', f, 'sales');
  if (f.customerId !== undefined) query.where('o.customer_id', f.customerId);
  if (f.customerName !== undefined) query.whereRaw('c.name ilike ?', [containsPattern(f.customerName)]);
  if (f.currency !== undefined) query.where('o.currency_code', f.currency);
  whereDateRange(query, 'o.date_invoice', f.invoiceDateFrom, f.invoiceDateTo);
  whereDateRange(query, 'o.date_due', f.dueDateFrom, f.dueDateTo);
  whereBetween(query, 'o.total_inc_vat', f.totalMin, f.totalMax);
  if (f.q !== undefined) whereDocumentText(query, f.q);
}

function toDto(r: InvoiceRow, now: Date): SalesInvoiceDto {
  const dateInvoice = r.date_invoice ?? r.date_order;
  const openAmount = Number(r.open_amount);
  const totalIncVat = Number(r.total_inc_vat);
  return {
    id: r.id,
    invoiceNumber: r.invoice_number ?? 0,
    customerId: r.customer_id,
    customerName: r.customer_name,
    customerOrgno: r.customer_orgno,
    statusName: r.status_name,
    dateInvoice: dateInvoice.toISOString(),
    dateDue: (r.date_due ?? dateInvoice).toISOString(),
    dateOrder: r.date_order.toISOString(),
    totalExVat: Number(r.total_ex_vat),
    totalVat: Number(r.total_vat),
    totalIncVat,
    openAmount,
    paidAmount: Number(r.paid_amount),
    ...paymentState({ totalIncVat, openAmount, dateDue: r.date_due, issued: r.is_sales }, now),
    currencyIsoCode: r.currency_code,
    documentType: r.status_type === 'SALESCREDIT' ? 'credit' : 'invoice',
  };
}

/** One page of the tenant's sales and credit invoices; `now` decides which are late. */
export async function listSalesInvoices(
  db: Db,
  tenantId: number,
  filters: SalesInvoicesQuery,
  page: AppliedPageSize,
  now: Date,
): Promise<Page<SalesInvoiceDto>> {
  const query = db('orders as o')
    .join('statuses as s', (j) => j.on('s.tenant_id', 'o.tenant_id').andOn('s.id', 'o.status_id'))
    .join('customers as c', (j) => j.on('c.tenant_id', 'o.tenant_id').andOn('c.id', 'o.customer_id'))
    .where('o.tenant_id', tenantId)
    .select(
      'o.id',
      'o.invoice_number',
      'o.customer_id',
      'c.name as customer_name',
      'c.orgno as customer_orgno',
      's.name as status_name',
      's.type as status_type',
      's.is_sales',
      'o.date_invoice',
      'o.date_due',
      'o.date_order',
      'o.total_ex_vat',
      'o.total_vat',
      'o.total_inc_vat',
      'o.paid_amount',
      db.raw('o.total_inc_vat - o.paid_amount as open_amount'),
      'o.currency_code',
    );
  applyFilters(query, filters);
  const rows: InvoiceRow[] = await applyKeyset(query, KEYSET, { cursor: filters.cursor, size: page.size });
  return toPage(rows, KEYSET, page, (r) => toDto(r, now));
}
