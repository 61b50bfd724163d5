import { z } from 'zod';
import { listingResponseSchema } from '../collections/listing-schema';
import { mediaDescriptorSchema } from '../products/media-schema';

export const brandSchema = z.strictObject({ id: z.string(), label: z.string(), slug: z.string(), url: z.url().nullable(), logo: mediaDescriptorSchema.nullable() });

/** `GET /v1/brands`. */
export const brandListSchema = z.strictObject({ items: z.array(brandSchema.extend({ productCount: z.number().int().min(1) })) });

/** `GET /v1/brands/{slugOrId}`. */
export const brandPageSchema = z.strictObject({
  brand: brandSchema.extend({ description: z.string().nullable() }),
  redirectTo: z.string().nullable(),
  alternateUrls: z.record(z.string(), z.url()),
  listing: listingResponseSchema,
});
