import { z } from 'zod';

type Node = { id: string; name: string; facet: { key: string; value: string } | null; children: Node[] };

export const categoryNodeSchema: z.ZodType<Node> = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    facet: z
      .strictObject({ key: z.string(), value: z.string() })
      .nullable()
      .meta({ description: '`filter[<key>]=<value>` selects the category; null when no category facet covers it.' }),
    children: z.lazy(() => z.array(categoryNodeSchema)),
  })
  .meta({ id: 'CategoryNode' });

/** `GET /v1/categories`. */
export const categoryTreeSchema = z
  .strictObject({ items: z.array(categoryNodeSchema) })
  .meta({ id: 'CategoryTree', description: 'Active categories, by position.' });
