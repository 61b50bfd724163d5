import { z } from 'zod';

type Shape = Record<string, z.ZodType>;

// Query-string schemas read strings; a tool client sends JSON numbers and booleans for the same fields.
const asQueryValue = (value: unknown): unknown =>
  typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;

/**
 * A tool's input schema made from a REST query (or path) schema: each field accepts the JSON scalar a tool
 * client sends and is then bound by the very same field schema (same defaults, limits and messages). Its
 * description and JSON Schema type come from the REST field, so tools/list advertises what REST documents.
 */
export function toolArgsFromQuery<S extends Shape>(
  schema: z.ZodObject<S>,
): z.ZodObject<{ [K in keyof S]: z.ZodPipe<z.ZodTransform, S[K]> }> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([name, field]) => {
      const inner = field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType) : field;
      const meta = z.globalRegistry.get(inner) ?? z.globalRegistry.get(field) ?? {};
      return [name, z.preprocess(asQueryValue, field).meta(meta)];
    }),
  );
  return z.object(shape) as unknown as z.ZodObject<{ [K in keyof S]: z.ZodPipe<z.ZodTransform, S[K]> }>;
}
