import { z } from 'zod';

/** `GET /v1/sitemap`: one page of rows; a product page may hold fewer rows than pageSize, `hasMore` says whether to go on. */
export const sitemapPageSchema = z.strictObject({
  type: z.enum(['product', 'collection', 'brand']),
  items: z.array(z.strictObject({ id: z.string(), url: z.url(), lastModified: z.iso.datetime(), alternates: z.record(z.string(), z.url()) })),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1).max(1000),
  hasMore: z.boolean(),
});
