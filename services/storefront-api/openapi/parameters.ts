import { z } from 'zod';

/** The optional request headers every /v1 route reads . */
export const headerParameters = [
  z
    .string()
    .optional()
    .meta({
      param: {
        name: 'X-Market',
        in: 'header',
        description: "A market code of the site; omitted means the site's default market. Unknown: 400 MARKET_UNKNOWN.",
      },
      example: 'se',
    }),
  z
    .string()
    .optional()
    .meta({
      param: {
        name: 'Accept-Language',
        in: 'header',
        description: "BCP 47 tags, negotiated against the site's languages; else the market's language.",
      },
      example: 'sv-SE, en;q=0.8',
    }),
  z
    .string()
    .optional()
    .meta({
      param: {
        name: 'If-None-Match',
        in: 'header',
        description: 'The ETag of an earlier answer: 304 when it still holds.',
      },
    }),
];

/** A `filter[<key>]=<value>` parameter, documented as one deepObject. */
const deepObjectFilter = (description: string[], example: Record<string, string>) =>
  z
    .record(z.string(), z.string())
    .optional()
    .meta({
      param: { name: 'filter', in: 'query', style: 'deepObject', explode: true, description: description.join(' ') },
      example,
    });

/** `filter[<key>]=<values>`: one deepObject parameter (`filter[brand]=acme,zeta&filter[price]=100-500`). */
export const filterParam = deepObjectFilter(
  [
    'Facet filters, `filter[<facet key>]=<values>`: several values comma-separated, a repeated key adds values.',
    'Ranges are `min-max` with either bound empty (bounds may be negative: `-10--2`, `-10-`, `--2`; `-5` ' +
      'alone means at most 5);',
    'toggles take `true` (`false` means no opinion). In list, swatch and hierarchy values a comma is written ' +
      '`\\,` and a backslash `\\\\`.',
    'An unknown facet or an unparseable value is ignored with a FILTER_IGNORED warning; only malformed ' +
      'syntax is 400 INVALID_FILTER.',
  ],
  { brand: 'acme', price: '100-500', 'in-stock': 'true' },
);

export const listingQuery = z.object({
  q: z
    .string()
    .optional()
    .meta({ description: 'Free text; more than 200 characters are truncated with a QUERY_TRUNCATED warning.' }),
  page: z
    .number()
    .int()
    .min(1)
    .max(10_000)
    .optional()
    .meta({ description: 'Default 1; page x pageSize is at most 10000 (else 400 INVALID_PAGE).' }),
  pageSize: z
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: 'Default 24, at most 100 (else 400 INVALID_PAGE).' }),
  sort: z
    .string()
    .optional()
    .meta({
      description:
        '`relevance` (default), `price_asc`, `price_desc`, `name_asc` or `newest`; anything else gives a ' +
        'SORT_UNKNOWN warning and the default.',
      example: 'price_asc',
    }),
  collection: z.string().optional().meta({
    description:
      'A collection slug (or id) to scope to; unknown gives a COLLECTION_UNKNOWN warning and is not applied.',
  }),
  filter: filterParam,
});

const requiredQ = (what: string) =>
  z
    .string()
    .min(1)
    .max(100)
    .meta({
      description: `${what}: 1 to 100 characters; missing, blank or longer is 400 INVALID_QUERY (no truncation).`,
    });

export const suggestQuery = z.object({ q: requiredQ('Prefix typed so far') });

export const facetSearchQuery = z.object({ q: requiredQ('Text to find in the facet values'), filter: filterParam });

export const facetKeyParams = z.object({
  key: z.string().meta({ description: 'A facet key of the site (a `list` or `swatch` facet).', example: 'brand' }),
});

/** The listing's parameters on a page that fixes its own scope (a collection or a brand page): no `collection`. */
export const scopedListingQuery = listingQuery.omit({ collection: true });

export const slugOrIdParams = z.object({
  slugOrId: z
    .string()
    .meta({ description: 'A current or historical slug (in any site language), or the id.', example: 'linen-shirt' }),
});

export const skuParams = z.object({
  sku: z.string().meta({ description: "The product's SKU or one of its active variants'.", example: 'CASC-1-Blue-M' }),
});

export const variantsQuery = z.object({
  page: listingQuery.shape.page,
  pageSize: listingQuery.shape.pageSize,
  filter: deepObjectFilter(
    [
      'Selections: `filter[<axis>]=<value>` (the axis name or its facet key) with exactly one value per axis ' +
        '(`\\,` is a literal comma), and `filter[in-stock]=true` (`false` means no opinion).',
      'An axis the product lacks, a comma list, a repeated axis, an empty value or malformed syntax is 400 ' +
        'INVALID_FILTER.',
    ],
    { colour: 'Blue', size: 'M', 'in-stock': 'true' },
  ),
});

export const sitemapQuery = z.object({
  type: z.enum(['product', 'collection', 'brand']).meta({
    description:
      'Which rows; missing or anything else is 400 INVALID_TYPE. Brand rows exist only on markets with brand pages.',
  }),
  since: z
    .string()
    .optional()
    .meta({
      description:
        'Only rows changed at or after it: an ISO 8601 date, or a date-time with `Z` or an offset (else 400 ' +
        'INVALID_SINCE).',
      example: '2025-06-01T00:00:00Z',
    }),
  page: z.number().int().min(1).optional().meta({ description: 'Default 1 (else 400 INVALID_PAGE).' }),
  pageSize: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .meta({ description: 'Default and at most 1000 (else 400 INVALID_PAGE).' }),
});
