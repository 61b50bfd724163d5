import { z } from 'zod';

const sitemapRowSchema = z
  .strictObject({
    id: z.string(),
    url: z.url(),
    lastModified: z.iso.datetime({ offset: true }),
    alternates: z.record(z.string(), z.url()).meta({ description: 'hreflang: language code to absolute URL.' }),
  })
  .meta({ id: 'SitemapRow' });

/**
 * `GET /v1/sitemap`: one page of rows; a product page may hold fewer rows than pageSize, `hasMore` says whether to go
 * on.
 */
export const sitemapPageSchema = z
  .strictObject({
    type: z.enum(['product', 'collection', 'brand']),
    items: z.array(sitemapRowSchema),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1).max(1000),
    hasMore: z
      .boolean()
      .meta({ description: 'Whether a next page may hold rows (a product page can hold fewer rows than pageSize).' }),
  })
  .meta({ id: 'SitemapPage' });
