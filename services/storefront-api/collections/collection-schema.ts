import { z } from 'zod';
import { listingResponseSchema } from '../openapi/listing-schemas';

// Response bodies of the collection reads (the spec's "not shown" envelopes; see docs/decisions.md).

export const collectionSchema = z
  .strictObject({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    path: z.string().meta({ description: 'Slugs from the root, `/`-separated.' }),
    url: z.url(),
    parentId: z.string().nullable(),
  })
  .meta({ id: 'Collection', description: 'In the request language, its URL on the request market.' });

type Node = z.infer<typeof collectionSchema> & { children: Node[] };
export const collectionNodeSchema: z.ZodType<Node> = collectionSchema
  .extend({ children: z.lazy(() => z.array(collectionNodeSchema)) })
  .meta({ id: 'CollectionNode', description: 'A collection with its children, by position.' });

/** `GET /v1/collections`. */
export const collectionTreeSchema = z
  .strictObject({ items: z.array(collectionNodeSchema) })
  .meta({ id: 'CollectionTree' });

/** `GET /v1/collections/{slugOrId}`. */
export const collectionPageSchema = z
  .strictObject({
    collection: collectionSchema,
    redirectTo: z
      .string()
      .nullable()
      .meta({
        description:
          'The current slug in the request language when the requested one is another (historical, another ' +
          "language's, or in another case); the client answers with a permanent redirect.",
      }),
    breadcrumb: z
      .array(z.strictObject({ id: z.string(), slug: z.string(), name: z.string(), url: z.url() }))
      .meta({ description: 'Ancestors and the collection itself, root first.' }),
    alternateUrls: z.record(z.string(), z.url()).meta({ description: 'hreflang: language code to absolute URL.' }),
    listing: listingResponseSchema.meta({ description: 'The listing scoped to the collection.' }),
  })
  .meta({ id: 'CollectionPage' });
