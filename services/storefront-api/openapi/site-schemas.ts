import { z } from 'zod';
import { orNull } from './or-null';
import { facetValueSchema, productCardSchema, swatchSchema, warningSchema } from './listing-schemas';

const marketSchema = z
  .strictObject({
    code: z.string(),
    language: z.string(),
    currency: z.string(),
    country: z.string(),
    urlTemplate: z.string().meta({ description: 'Absolute; `{path}` is where product and collection paths go.' }),
    isDefault: z.boolean(),
    brandPages: z.boolean().meta({ description: 'Whether the market has brand pages (a brandUrlPattern).' }),
  })
  .meta({ id: 'SiteMarket' });

export const siteResponseSchema = z
  .strictObject({
    site: z
      .strictObject({
        id: z.string(),
        code: z.string(),
        name: z.string(),
        languages: z.array(z.string()),
        defaultMarket: z.string().nullable(),
      })
      .meta({ description: 'Fields beyond these are not part of v1.' }),
    markets: z.array(marketSchema).meta({ description: 'Active markets.' }),
    market: z.string().meta({ description: 'The market this answer is for (X-Market, else the default).' }),
    language: z.string().meta({ description: 'The negotiated language.' }),
    configVersion: z
      .number()
      .int()
      .meta({ description: 'The published configuration that produced the answer (as X-Config-Version).' }),
    preview: z.boolean().meta({ description: 'True for a preview key (the draft configuration).' }),
    urlPatterns: z.strictObject({ product: z.string(), collection: z.string() }),
    media: z
      .strictObject({
        baseUrl: z.url(),
        templates: z.strictObject({ image: z.string(), video: z.string(), poster: z.string(), file: z.string() }),
      })
      .meta({ id: 'MediaConfig', description: 'Media URLs are `baseUrl` + a template filled from a descriptor.' }),
  })
  .meta({ id: 'SiteResponse' });

const suggestValueSchema = z
  .strictObject({
    facet: z.string(),
    facetLabel: z.string(),
    value: z.string(),
    label: z.string(),
    count: z.number().int(),
  })
  .meta({
    id: 'SuggestValue',
    description: 'A facet value whose label starts with `q`; `filter[<facet>]=<value>` selects it.',
  });

export const suggestResponseSchema = z
  .strictObject({
    q: z.string(),
    products: z
      .array(productCardSchema)
      .max(5)
      .meta({ description: 'Up to 5 cards whose name has a word starting with `q`.' }),
    categories: z
      .array(suggestValueSchema)
      .max(5)
      .meta({ description: 'Up to 5 values of hierarchy (category) facets.' }),
    values: z
      .array(suggestValueSchema)
      .max(10)
      .meta({ description: 'Up to 10 values of other list and swatch facets.' }),
  })
  .meta({ id: 'SuggestResponse' });

export const facetSearchResponseSchema = z
  .strictObject({
    facet: z.string(),
    q: z.string(),
    values: z
      .array(
        facetValueSchema
          .pick({ value: true, label: true, count: true })
          .extend({ swatch: orNull(swatchSchema).optional() })
          .strict(),
      )
      .max(50)
      .meta({
        description:
          "Up to 50 of the facet's 1000 most common values in the filter context that match `q`; `swatch` on " +
          'swatch facets.',
      }),
    warnings: z.array(warningSchema).meta({ description: 'FILTER_IGNORED for filters that cannot be honoured.' }),
  })
  .meta({ id: 'FacetSearchResponse' });
