import { z } from 'zod';
import { currencyFilter, enumFilter, idFilter } from '../filters/identifier-filter';
import { dateTimeParam, numberParam, textFilter } from '../filters/query-values';
import { pageOf, pagingQuery } from '../openapi/common-schemas';
import { statusKindFilter } from '../statuses/status-filter';

export const DOCUMENT_TYPES = ['invoice', 'credit', 'both'] as const;
export type DocumentTypeFilter = (typeof DOCUMENT_TYPES)[number];

export const salesInvoicesQuery = z.object({
  customerId: idFilter('customerId', 'Only invoices of this customer.'),
  customerName: textFilter("Part of the customer's name, case ignored."),
  currency: currencyFilter('currency'),
  statusId: idFilter('statusId', 'Pins one status; without statusKind the IsSales default no longer applies.'),
  statusKind: statusKindFilter('sales'),
  documentType: enumFilter(
    'documentType',
    DOCUMENT_TYPES,
    'invoice (default): revenue invoices; credit: credit invoices; both.',
  ),
  invoiceDateFrom: dateTimeParam('Invoice date at or after this moment (a plain date: from its start, UTC).'),
  invoiceDateTo: dateTimeParam('Invoice date at or before this moment (a plain date: its whole day, UTC).'),
  dueDateFrom: dateTimeParam('Due date at or after this moment.'),
  dueDateTo: dateTimeParam('Due date at or before this moment (a plain date: its whole day, UTC).'),
  totalMin: numberParam('Total including VAT at least this (credits have negative totals).'),
  totalMax: numberParam('Total including VAT at most this.'),
  q: textFilter(
    'Free text: part of the invoice name, customer name or organisation number; or the exact invoice number or id.',
  ),
  ...pagingQuery,
});

const dateTime = z.iso.datetime({ offset: true });

export const salesInvoiceDto = z
  .object({
    id: z.number().int(),
    invoiceNumber: z.number().int().meta({ description: '0 while the invoice is a draft without a number' }),
    customerId: z.number().int(),
    customerName: z.string(),
    customerOrgno: z.string(),
    statusName: z.string(),
    dateInvoice: dateTime,
    dateDue: dateTime,
    dateOrder: dateTime,
    totalExVat: z.number(),
    totalVat: z.number(),
    totalIncVat: z.number(),
    openAmount: z.number().meta({ description: 'totalIncVat - paidAmount' }),
    paidAmount: z.number(),
    isLate: z.boolean().meta({ description: 'Not fully paid and past its due date' }),
    isFullyPaid: z.boolean(),
    currencyIsoCode: z.string(),
    documentType: z.enum(['invoice', 'credit']),
  })
  .meta({ id: 'SalesInvoiceDto' });

export const salesInvoicePage = pageOf(salesInvoiceDto, 'SalesInvoiceDto');

export type SalesInvoicesQuery = z.output<typeof salesInvoicesQuery>;
export type SalesInvoiceDto = z.infer<typeof salesInvoiceDto>;
