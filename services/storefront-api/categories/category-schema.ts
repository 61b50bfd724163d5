import { z } from 'zod';

type Node = { id: string; name: string; facet: { key: string; value: string } | null; children: Node[] };

export const categoryNodeSchema: z.ZodType<Node> = z.strictObject({
  id: z.string(),
  name: z.string(),
  facet: z.strictObject({ key: z.string(), value: z.string() }).nullable(),
  children: z.lazy(() => z.array(categoryNodeSchema)),
});

/** `GET /v1/categories`. */
export const categoryTreeSchema = z.strictObject({ items: z.array(categoryNodeSchema) });
