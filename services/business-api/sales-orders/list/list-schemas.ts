import { z } from 'zod';
import { pageOf, pagingQuery } from '../../openapi/common-schemas';
import { salesOrderFulfilmentDto } from '../fulfilment';
import { salesOrderLineDto } from '../lines/line-dto';
import { salesOrderDto } from '../sales-order-dto';
import {
  currencyFilter, dateBound, emailFilter, idFilter, includeFilter, numberParam, shopOrderNumberFilter, statusKindFilter, textFilter,
} from './filter-params';

/** GET /sales-orders query (spec: "GET /sales-orders filters"); identifier filters answer 400 invalid_request when bad. */
export const salesOrderListQuery = z.object({
  customerId: idFilter('customerId').optional(),
  customerName: textFilter.optional().describe("Part of the customer's name, case ignored"),
  currency: currencyFilter.optional().describe('Currency code of the order'),
  statusId: idFilter('statusId').optional().describe('Pins one status; without statusKind every other status is left out'),
  statusKind: statusKindFilter
    .optional()
    .describe('intake (default: IsOrderIntake statuses), sales (IsSales), purchase (IsPurchase: never a sales document, so empty), all'),
  orderDateFrom: dateBound('from').optional(),
  orderDateTo: dateBound('to').optional(),
  deliveryDateFrom: dateBound('from').optional(),
  deliveryDateTo: dateBound('to').optional(),
  invoiceDateFrom: dateBound('from').optional(),
  invoiceDateTo: dateBound('to').optional(),
  totalMin: numberParam.optional().describe('Smallest totalIncVat'),
  totalMax: numberParam.optional().describe('Largest totalIncVat'),
  q: textFilter
    .optional()
    .describe('Free text: part of the order name, your reference, shop order number, customer name or organisation number; or an order id or invoice number'),
  email: emailFilter.optional().describe("Exact e-mail on the order's own active rows (trimmed, case ignored); without statusKind every status"),
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
    fulfilment: salesOrderFulfilmentDto.optional().describe('With include=fulfilment: equals GET /sales-orders/{id}/fulfilment'),
  })
  .meta({ id: 'SalesOrderListItemDto' });

export type SalesOrderListItem = z.infer<typeof salesOrderListItem>;

export const salesOrderPage = pageOf(salesOrderListItem, 'SalesOrder');
