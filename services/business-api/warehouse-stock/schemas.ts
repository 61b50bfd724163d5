import { z } from 'zod';
import { pageOf, pagingQuery } from '../openapi/common-schemas';
import { idFilter } from '../filters/identifier-filter';

export const warehouseStockQuery = z.object({
  productId: idFilter('productId', 'Only stock of this product.'),
  warehouseId: idFilter('warehouseId', 'Only stock in this warehouse.'),
  locationId: idFilter('locationId', 'Only stock at this location.'),
  ...pagingQuery,
});

export const warehouseStockRowDto = z
  .object({
    productId: z.number().int(),
    productNumber: z.string(),
    warehouseName: z.string(),
    locationName: z.string(),
    qtyInStock: z.number(),
    qtyIncoming: z.number(),
    qtyOutgoing: z.number(),
    qtyDistributable: z
      .number()
      .meta({ description: 'Computed by the server: qtyInStock - qtyOutgoing + qtyIncoming' }),
  })
  .meta({ id: 'WarehouseStockRowDto' });

export const warehouseStockPage = pageOf(warehouseStockRowDto, 'WarehouseStockRowDto');

export type WarehouseStockQuery = z.output<typeof warehouseStockQuery>;
export type WarehouseStockRowDto = z.infer<typeof warehouseStockRowDto>;
