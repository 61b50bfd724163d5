import { z } from 'zod';
import { variantSchema } from '../products/detail-schema';

/** `GET /v1/products/{slugOrId}/variants`. */
export const variantsPageSchema = z.strictObject({
  items: z.array(variantSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1).max(100),
  options: z.array(z.strictObject({ name: z.string(), values: z.array(z.strictObject({ value: z.string(), available: z.boolean() })) })),
});
