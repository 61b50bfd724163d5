import { z } from 'zod';
import { listingResponseSchema } from './listing-schema';

// Response bodies of the collection reads (the spec's "not shown" envelopes; see docs/decisions.md).

export const collectionSchema = z.strictObject({ id: z.string(), slug: z.string(), name: z.string(), path: z.string(), url: z.url(), parentId: z.string().nullable() });

type Node = z.infer<typeof collectionSchema> & { children: Node[] };
export const collectionNodeSchema: z.ZodType<Node> = collectionSchema.extend({ children: z.lazy(() => z.array(collectionNodeSchema)) });

/** `GET /v1/collections`. */
export const collectionTreeSchema = z.strictObject({ items: z.array(collectionNodeSchema) });

/** `GET /v1/collections/{slugOrId}`. */
export const collectionPageSchema = z.strictObject({
  collection: collectionSchema,
  breadcrumb: z.array(z.strictObject({ id: z.string(), slug: z.string(), name: z.string(), url: z.url() })),
  alternateUrls: z.record(z.string(), z.url()),
  listing: listingResponseSchema,
});
