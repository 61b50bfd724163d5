import { z } from 'zod';

/** Non-2xx answers (spec: ErrorEnvelope). */
export const errorEnvelopeSchema = z
  .object({ code: z.string(), message: z.string(), traceId: z.string().nullable().optional() })
  .meta({ id: 'ErrorEnvelope' });

/** RFC 9457 problem details (415, and the base of ValidationProblemDetails). */
export const problemDetailsSchema = z
  .object({
    type: z.string().optional(),
    title: z.string().optional(),
    status: z.number().int().optional(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    traceId: z.string().optional(),
  })
  .meta({ id: 'ProblemDetails' });

/** A request that cannot be bound: `errors` maps each bad parameter or body path to its messages. */
export const validationProblemSchema = problemDetailsSchema
  .extend({ errors: z.record(z.string(), z.array(z.string())) })
  .meta({ id: 'ValidationProblemDetails' });

/** Company profile validation failure (spec: ErrorMessageBody). */
export const errorMessageBodySchema = z.object({ error: z.string() }).meta({ id: 'ErrorMessageBody' });

/** The page envelope of a list of `item` (spec: PageResponse), named `<name>Page`. */
export function pageOf<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      items: z.array(item),
      nextCursor: z.string().nullable(),
      pageSizeApplied: z.number().int(),
      truncated: z.boolean(),
    })
    .meta({ id: `${name}Page` });
}

/**
 * `cursor` and `pageSize` of every paged list. Blank means absent (the first page, the default size), as a
 * client looping from `cursor=` expects; anything else that is not a whole number of at least 1 cannot be bound.
 */
export const pagingQuery = {
  cursor: z
    .string()
    .transform((raw) => (raw.trim() === '' ? undefined : raw))
    .meta({ type: 'string', description: 'The nextCursor of the previous page; blank or absent for the first page.' })
    .optional(),
  pageSize: z
    .string()
    .transform((raw, ctx) => {
      if (raw.trim() === '') return undefined;
      const value = Number(raw);
      if (Number.isSafeInteger(value) && value >= 1) return value;
      ctx.addIssue({
        code: 'custom',
        message: `The value '${raw}' is not a valid page size (a whole number of at least 1).`,
      });
      return z.NEVER;
    })
    .meta({
      type: 'integer',
      minimum: 1,
      description: 'Items per page; above the maximum, the maximum is applied (truncated: true).',
    })
    .optional(),
};
