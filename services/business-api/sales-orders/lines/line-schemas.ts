import { z } from 'zod';
import { int32Value } from '../../http/path-ids';

const money = z.number().min(0).max(1e12);
const rate = z.number().min(0).max(100);
const dateTime = z.iso.datetime({ offset: true });

/** POST /sales-orders/{id}/lines. Left-out fields come from the product and the order's price list. */
export const salesOrderLineAddDto = z
  .object({
    productId: int32Value.optional().describe('A product of the tenant; its number, name and price are the defaults'),
    productNumber: z.string().max(100).optional(),
    description: z.string().max(2000).optional(),
    quantity: z.number().positive().max(1e9),
    price: money
      .optional()
      .describe("Unit price excluding VAT; default: the product's price in the order's price list"),
    discountPercent: rate.optional(),
    vatRate: rate
      .optional()
      .describe("VAT rate in percent; default: the price list's rate (0 on reverse-charge and export orders)"),
    warehouseId: int32Value.optional(),
    dateDelivery: dateTime.optional().describe("Default: the order's delivery date"),
  })
  .refine((b) => b.productId !== undefined || (b.description ?? '').trim() !== '', {
    message: 'A line needs a productId or a description.',
    path: ['description'],
  })
  .meta({ id: 'SalesOrderLineAddDto' });

export type SalesOrderLineAddDto = z.infer<typeof salesOrderLineAddDto>;

/** PATCH /sales-orders/{id}/lines/{lineId}: only the fields sent change. */
export const salesOrderLinePatchDto = z
  .object({
    productNumber: z.string().max(100).optional(),
    description: z.string().max(2000).optional(),
    quantity: z.number().positive().max(1e9).optional().describe('Needs the permission quantity'),
    price: money.optional().describe('Needs the permission price'),
    discountPercent: rate.optional().describe('Needs the permission price'),
    vatRate: rate.optional().describe('Needs the permission price'),
    warehouseId: int32Value.nullable().optional(),
    dateDelivery: dateTime.nullable().optional(),
  })
  .meta({ id: 'SalesOrderLinePatchDto' });

export type SalesOrderLinePatchDto = z.infer<typeof salesOrderLinePatchDto>;

/** The id of a created record (spec: IdResultDto). */
export const idResultDto = z.object({ id: z.number().int() }).meta({ id: 'IdResultDto' });
