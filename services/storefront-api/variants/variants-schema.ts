import { z } from 'zod';
import { variantSchema } from '../products/detail-schema';

const optionAvailabilitySchema = z
  .strictObject({ name: z.string(), values: z.array(z.strictObject({ value: z.string(), available: z.boolean() })) })
  .meta({
    id: 'OptionAvailability',
    description:
      'One axis: `available` is true when a variant with the value is sold on the market and fits the ' +
      'selections on the other axes (and `filter[in-stock]`).',
  });

/** `GET /v1/products/{slugOrId}/variants`. */
export const variantsPageSchema = z
  .strictObject({
    items: z.array(variantSchema),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1).max(100),
    options: z.array(optionAvailabilitySchema),
  })
  .meta({ id: 'VariantsPage' });
