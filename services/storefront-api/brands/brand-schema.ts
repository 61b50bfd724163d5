import { z } from 'zod';
import { listingResponseSchema } from '../openapi/listing-schemas';
import { brandLogoSchema } from '../openapi/media-schema';

const brandFields = {
  id: z.string(),
  label: z.string(),
  slug: z.string(),
  url: z.url().nullable().meta({ description: 'The brand page; null when the market has no brand pages.' }),
  logo: brandLogoSchema,
};

/** `GET /v1/brands`. */
export const brandListSchema = z
  .strictObject({
    items: z.array(
      z
        .strictObject({ ...brandFields, productCount: z.number().int().min(1) })
        .meta({ id: 'Brand', description: 'A brand with products on the market.' }),
    ),
  })
  .meta({ id: 'BrandList' });

/** `GET /v1/brands/{slugOrId}`. */
export const brandPageSchema = z
  .strictObject({
    brand: z.strictObject({ ...brandFields, description: z.string().nullable() }).meta({ id: 'BrandDetail' }),
    redirectTo: z
      .string()
      .nullable()
      .meta({ description: 'The current slug when the requested one is another (historical or another language).' }),
    alternateUrls: z.record(z.string(), z.url()).meta({ description: 'hreflang: language code to brand page URL.' }),
    listing: listingResponseSchema.meta({ description: "The listing scoped to the brand's filter." }),
  })
  .meta({ id: 'BrandPage' });
