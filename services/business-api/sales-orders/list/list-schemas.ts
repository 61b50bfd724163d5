import { z } from 'zod';
import { pageOf, pagingQuery } from '../../openapi/common-schemas';
import { salesOrderFulfilmentDto } from '../fulfilment';
import { salesOrderLineDto } from '../lines/line-dto';
import { salesOrderDto } from '../sales-order-dto';
import { currencyFilter, idFilter } from '../../filters/identifier-filter';
import { dateTimeParam, numberParam, textFilter } from '../../filters/query-values';
import { statusKindFilter } from '../../statuses/status-filter';
import { emailFilter, includeFilter, shopOrderNumberFilter } from './filter-params';

/**
 * GET /sales-orders query (spec: "GET /sales-orders filters"); identifier filters answer 400 invalid_request when bad.
 */
export const salesOrderListQuery = z.object({
  customerId: idFilter('customerId', 'Only orders of this customer'),
  customerName: textFilter("Part of the customer's name, case ignored"),
  currency: currencyFilter('currency', 'Currency code of the order (ISO 4217, any case)'),
  statusId: idFilter('statusId', 'Pins one status; without statusKind every other status is left out'),
  statusKind: statusKindFilter('intake'),
  orderDateFrom: dateTimeParam('Order date at or after this moment (a plain date: from its start, UTC)'),
  orderDateTo: dateTimeParam('Order date at or before this moment (a plain date: its whole day, UTC)'),
  deliveryDateFrom: dateTimeParam('Delivery date at or after this moment'),
  deliveryDateTo: dateTimeParam('Delivery date at or before this moment (a plain date: its whole day, UTC)'),
  invoiceDateFrom: dateTimeParam('Invoice date at or after this moment'),
  invoiceDateTo: dateTimeParam('Invoice date at or before this moment (a plain date: its whole day, UTC)'),
  totalMin: numberParam('Smallest totalIncVat'),
  totalMax: numberParam('Largest totalIncVat'),
  q: textFilter(
    'Free text: part of the order name, your reference, shop order number, customer name or organisation ' +
      'number; or an order id or invoice number',
  ),
  email: emailFilter
    .optional()
    .describe("Exact e-mail on the order's own active rows (trimmed, case ignored); without statusKind every status"),
  shopOrderNumber: shopOrderNumberFilter
    .optional()
    .describe('Exact webshop or payment-platform order number, case ignored; without statusKind every status'),
  include: includeFilter.optional().describe('Comma-separated: lines, fulfilment. Page size at most 25 (default 25)'),
  ...pagingQuery,
});

export type SalesOrderListQuery = z.output<typeof salesOrderListQuery>;

/** A list item: SalesOrderDto, plus the embedded sub-resources `include` asked for. */
export const salesOrderListItem = salesOrderDto
  .extend({
    lines: z.array(salesOrderLineDto).optional().describe('With include=lines: equals GET /sales-orders/{id}/lines'),
    fulfilment: salesOrderFulfilmentDto
      .optional()
      .describe('With include=fulfilment: equals GET /sales-orders/{id}/fulfilment'),
  })
  .meta({ id: 'SalesOrderListItemDto' });

export type SalesOrderListItem = z.infer<typeof salesOrderListItem>;

export const salesOrderPage = pageOf(salesOrderListItem, 'SalesOrder');
