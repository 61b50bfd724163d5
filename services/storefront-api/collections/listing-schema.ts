import { z } from 'zod';
import { productCardSchema } from '../products/detail-schema';

// The listing response as a collection page and a brand page embed it (spec "Listing response"); facets and
// warnings are checked loosely here, the listing's own tests pin them.

export const listingResponseSchema = z.strictObject({
  items: z.array(productCardSchema),
  facets: z.array(z.looseObject({ key: z.string(), label: z.string(), type: z.enum(['list', 'hierarchy', 'range', 'toggle', 'swatch']), values: z.array(z.looseObject({ value: z.string() })) })),
  appliedFilters: z.array(z.strictObject({ facet: z.string(), value: z.string(), label: z.string() })),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  sort: z.strictObject({ selected: z.string(), available: z.array(z.strictObject({ key: z.string(), label: z.string() })) }),
  redirect: z.looseObject({ type: z.string(), url: z.string() }).nullable(),
  queryCorrection: z.unknown().nullable(),
  warnings: z.array(z.looseObject({ code: z.string() })),
});
