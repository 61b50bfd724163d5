import { z } from 'zod';
import { mediaDescriptorSchema } from './media-schema';
import { orNull } from './or-null';

export const decimalSchema = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .meta({ description: 'A decimal number as a string.', example: '199.00' });
const decimal = decimalSchema;

export const priceSchema = z
  .strictObject({
    amount: decimal,
    currency: z.string().meta({ example: 'SEK' }),
    vatRate: decimal,
    vatIncluded: z.boolean(),
    compareAt: decimal.nullable().meta({ description: 'Struck-through original price, where one exists.' }),
  })
  .meta({ id: 'Price' });

export const cardBrandSchema = z
  .strictObject({ id: z.string(), slug: z.string(), label: z.string() })
  .meta({ id: 'CardBrand' });

export const productCardSchema = z
  .strictObject({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    sku: z.string(),
    price: priceSchema.meta({ description: 'The price of the cheapest sellable variant on the market.' }),
    priceVaries: z.boolean().meta({ description: 'True when variants differ in price.' }),
    inStock: z.boolean(),
    url: z.url().meta({ description: "Absolute, built from the market's urlTemplate." }),
    collections: z
      .array(z.string())
      .meta({ description: 'Slugs, in the request language, of the collections the product belongs to.' }),
    updatedAt: z.iso.datetime({ offset: true }),
    image: orNull(mediaDescriptorSchema),
    brand: orNull(cardBrandSchema),
    shortDescription: z.string().nullable(),
  })
  .meta({
    id: 'ProductCard',
    description:
      'A product on the market, in the request language. A product with no price on the market never appears.',
  });

export const warningSchema = z
  .strictObject({
    code: z.string().meta({
      description:
        'FILTER_IGNORED, SORT_UNKNOWN, COLLECTION_UNKNOWN, QUERY_TRUNCATED, RANGE_INVERTED (a range whose ' +
        'lower bound is above its upper).',
    }),
    facet: z.string().optional(),
    value: z.string().optional(),
    detail: z.string().optional(),
    lineId: z.string().optional().meta({ description: 'Cart warnings only.' }),
  })
  .meta({ id: 'Warning' });

export const swatchSchema = z
  .strictObject({
    color: z.string().nullable().meta({ description: 'A CSS colour, or null.' }),
    image: orNull(mediaDescriptorSchema).meta({
      description:
        "The value's configured swatch image as a descriptor with role `swatch`; null when none is " +
        'configured or it has not been rendered yet.',
    }),
  })
  .meta({ id: 'Swatch' });

export const facetValueSchema = z
  .strictObject({
    value: z.string().meta({ description: 'What `filter[<key>]` takes.' }),
    label: z.string(),
    count: z.number().int().meta({ description: 'Products in the filter context (disjunctive for `any` facets).' }),
    selected: z.boolean(),
    help: z.string().nullable(),
    swatch: orNull(swatchSchema).optional().meta({ description: 'Swatch facets only.' }),
    depth: z.number().int().optional().meta({ description: 'Hierarchy facets only: 1 for a root path.' }),
    parent: z
      .string()
      .nullable()
      .optional()
      .meta({ description: 'Hierarchy facets only: the parent path, null for a root.' }),
  })
  .meta({ id: 'FacetValue' });

export const facetSchema = z
  .strictObject({
    key: z.string(),
    label: z.string(),
    type: z.enum(['list', 'hierarchy', 'range', 'toggle', 'swatch']),
    match: z.enum(['any', 'all', 'single']).meta({
      description: 'Whether several values of the facet are ORed (`any`), ANDed (`all`), or only one applies.',
    }),
    values: z.array(facetValueSchema).meta({ description: 'Empty for a range facet.' }),
    truncated: z.boolean(),
    searchable: z.boolean().meta({ description: 'Whether GET /v1/products/facets/{key} searches it.' }),
    range: z
      .strictObject({
        unit: z.string().nullable(),
        step: z.number(),
        min: z
          .string()
          .nullable()
          .meta({
            description:
              'The lowest value in the filter context, as a decimal string (the price: like its amounts, at ' +
              'least two decimals); null when no product has one.',
            example: '129.00',
          }),
        max: z.string().nullable().meta({
          description: 'The highest value in the filter context, as a decimal string; null when no product has one.',
          example: '2499.50',
        }),
      })
      .nullable()
      .meta({ description: 'Range facets only (else null): unit, step, and the bounds over the filter context.' }),
    help: z.string().nullable(),
    collapsed: z.boolean().meta({ description: 'True means the panel starts closed.' }),
  })
  .meta({ id: 'Facet' });

export const redirectSchema = z
  .strictObject({
    type: z.enum(['url', 'collection']),
    url: z.string(),
    collection: z.strictObject({ id: z.string(), slug: z.string(), name: z.string() }).nullable(),
  })
  .meta({ id: 'Redirect', description: 'A published query rule matched `q`: send the shopper to `url`.' });

export const queryCorrectionSchema = z
  .strictObject({
    original: z.string().meta({ description: 'The query as sent (after truncation).' }),
    corrected: z.string().meta({ description: 'The query the results are for.' }),
    total: z.number().int().meta({ description: 'Products the corrected query finds.' }),
  })
  .meta({
    id: 'QueryCorrection',
    description:
      'The query found nothing or very little and a close spelling found more; the listing answers for `corrected`.',
  });

export const sortKeySchema = z
  .enum(['relevance', 'price_asc', 'price_desc', 'name_asc', 'newest'])
  .meta({ id: 'SortKey' });

export const listingResponseSchema = z
  .strictObject({
    items: z.array(productCardSchema),
    facets: z.array(facetSchema),
    appliedFilters: z.array(z.strictObject({ facet: z.string(), value: z.string(), label: z.string() })),
    total: z.number().int(),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1).max(100),
    sort: z.strictObject({
      selected: sortKeySchema,
      available: z.array(z.strictObject({ key: sortKeySchema, label: z.string() })),
    }),
    redirect: orNull(redirectSchema),
    queryCorrection: orNull(queryCorrectionSchema),
    warnings: z.array(warningSchema),
  })
  .meta({ id: 'ListingResponse' });
