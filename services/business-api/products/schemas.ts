import { z } from 'zod';

export const productFindQuery = z.object({
  q: z.string().trim().min(1, 'q is required.'),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});

export const productFindDto = z
  .object({
    productId: z.number().int(),
    productNumber: z.string(),
    description: z.string(),
    barcode: z.string().nullable(),
    isActive: z.boolean(),
  })
  .meta({ id: 'ProductFindDto' });

export type ProductFindDto = z.infer<typeof productFindDto>;
