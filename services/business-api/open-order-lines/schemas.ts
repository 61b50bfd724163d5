import { z } from 'zod';
import { idFilter } from '../filters/identifier-filter';
import { booleanParam } from '../http/query-params';
import { pageOf, pagingQuery } from '../openapi/common-schemas';

export const openOrderLinesQuery = z.object({
  includeFullyDelivered: booleanParam
    .optional()
    .meta({ description: 'false (default): only lines with qtyLeftToDeliver > 0.' }),
  customerId: idFilter('customerId', 'Only lines of orders of this customer.'),
  productId: idFilter('productId', 'Only lines of this product.'),
  warehouseId: idFilter('warehouseId', 'Only lines delivered from this warehouse.'),
  ...pagingQuery,
});

export const openOrderLineDto = z
  .object({
    orderId: z.number().int(),
    orderName: z.string(),
    lineId: z.number().int(),
    productNumber: z.string(),
    description: z.string(),
    qtyOrdered: z.number(),
    qtyDelivered: z.number(),
    qtyLeftToDeliver: z.number().meta({ description: 'qtyOrdered - qtyDelivered, never below 0' }),
    dateDelivery: z.iso
      .datetime({ offset: true })
      .meta({ description: "The line's delivery date, else the order's, else its order date" }),
    customerName: z.string(),
    statusName: z.string(),
  })
  .meta({ id: 'OpenOrderLineDto' });

export const openOrderLinePage = pageOf(openOrderLineDto, 'OpenOrderLineDto');

export type OpenOrderLinesQuery = z.output<typeof openOrderLinesQuery>;
export type OpenOrderLineDto = z.infer<typeof openOrderLineDto>;
