import { z } from 'zod';
import { bodyDateBound, bodyIdFilter } from '../filters/body-values';
import { pageOf } from '../openapi/common-schemas';

/** The spec's SearchRequest. Every member may be left out or null. */
export const searchRequest = z
  .object({
    from: bodyDateBound('Invoice date at or after this date or date-time.'),
    to: bodyDateBound('Invoice date at or before this date-time, or within this date.'),
    customerId: bodyIdFilter('customerId', 'Only lines of invoices to this customer.'),
    productId: bodyIdFilter('productId', 'Only lines of this product.'),
    statusId: bodyIdFilter('statusId', 'Pins one invoice status (the IsSales default then no longer applies).'),
    includeNonSales: z
      .boolean()
      .nullable()
      .optional()
      .meta({ description: 'false (default): only lines of IsSales invoices and credits.' }),
    pageSize: z.number().int().min(1).nullable().optional().meta({ description: 'Default 50, at most 200.' }),
    cursor: z
      .string()
      .nullable()
      .optional()
      .transform((raw) => (raw?.trim() ? raw : undefined))
      .meta({ description: 'The nextCursor of the previous page; null, blank or absent for the first page.' }),
  })
  .meta({ id: 'SearchRequest' });

export const salesInvoiceLineDto = z
  .object({
    invoiceId: z.number().int(),
    invoiceNumber: z.number().int().meta({ description: '0 while the invoice is a draft without a number' }),
    lineId: z.number().int(),
    productNumber: z.string(),
    description: z.string(),
    quantity: z.number(),
    qtyDelivered: z.number(),
    price: z.number(),
    sumExVat: z.number(),
    sumIncVat: z.number(),
    currencyIsoCode: z.string(),
  })
  .meta({ id: 'SalesInvoiceLineDto' });

export const salesInvoiceLinePage = pageOf(salesInvoiceLineDto, 'SalesInvoiceLineDto');

export type SearchRequest = z.output<typeof searchRequest>;
export type SalesInvoiceLineDto = z.infer<typeof salesInvoiceLineDto>;
