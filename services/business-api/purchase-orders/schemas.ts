import { z } from 'zod';
import { currencyFilter, idFilter } from '../filters/identifier-filter';
import { dateTimeParam, numberParam } from '../filters/query-values';
import { pageOf, pagingQuery } from '../openapi/common-schemas';
import { statusKindFilter } from '../statuses/status-filter';

export const purchaseOrdersQuery = z.object({
  vendorId: idFilter('vendorId', 'Only purchase orders to this vendor.'),
  statusId: idFilter('statusId', 'Pins one status; without statusKind the IsPurchase default no longer applies.'),
  statusKind: statusKindFilter('purchase'),
  currency: currencyFilter('currency'),
  orderDateFrom: dateTimeParam('Order date at or after this moment (a plain date: from its start, UTC).'),
  orderDateTo: dateTimeParam('Order date at or before this moment (a plain date: its whole day, UTC).'),
  deliveryDateFrom: dateTimeParam('Expected delivery date at or after this moment.'),
  deliveryDateTo: dateTimeParam('Expected delivery date at or before this moment (a plain date: its whole day, UTC).'),
  receivedValueMin: numberParam('receivedValueExVat at least this.'),
  receivedValueMax: numberParam('receivedValueExVat at most this.'),
  openToInvoiceMin: numberParam(
    'openToInvoiceExVat (received, not yet invoiced) at least this; 0.01 lists orders with anything left to invoice.',
  ),
  openToInvoiceMax: numberParam('openToInvoiceExVat at most this; 0 lists orders with nothing left to invoice.'),
  ...pagingQuery,
});

const dateTime = z.iso.datetime({ offset: true });

export const purchaseOrderDto = z
  .object({
    id: z.number().int(),
    purchaseNumber: z.number().int(),
    vendorId: z.number().int(),
    vendorName: z.string(),
    vendorOrgno: z.string(),
    statusId: z.number().int(),
    statusName: z.string(),
    dateOrder: dateTime,
    dateDelivery: dateTime,
    orderTotalExVat: z.number(),
    orderTotalIncVat: z.number(),
    receivedQtyPercent: z
      .number()
      .nullable()
      .meta({ description: '100 x received quantity / ordered quantity (2 decimals); null when nothing was ordered' }),
    receivedValueExVat: z.number().meta({ description: 'Sum of quantity x unit price over the receipts' }),
    invoicedValueExVat: z.number().meta({ description: 'The same over receipts whose supplier invoice is booked' }),
    openToInvoiceExVat: z
      .number()
      .meta({ description: 'Received value not yet invoiced: receivedValueExVat - invoicedValueExVat' }),
    currencyIsoCode: z.string(),
  })
  .meta({ id: 'PurchaseOrderDto' });

export const purchaseOrderPage = pageOf(purchaseOrderDto, 'PurchaseOrderDto');

export type PurchaseOrdersQuery = z.output<typeof purchaseOrdersQuery>;
export type PurchaseOrderDto = z.infer<typeof purchaseOrderDto>;
