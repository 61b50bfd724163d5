import { z } from 'zod';

/** RFC 9457 problem details as every storefront error is sent (application/problem+json). */
export const problemSchema = z
  .object({
    type: z.url().meta({ description: 'The errors documentation URL followed by `/<code>`.' }),
    title: z.string().meta({ description: 'Equal to `code`.' }),
    status: z.number().int(),
    detail: z.string().meta({ description: 'For people; never a stack trace.' }),
    code: z.string().meta({ description: 'Stable and machine-readable: branch on this.' }),
  })
  .meta({ id: 'Problem' });

/**
 * The problem body of one response: the Problem component (`allOf`), with `code` narrowed to the codes that
 * status can carry on the route and the members some codes add (`validMarkets` on MARKET_UNKNOWN,
 * `retryAfterSeconds` on RATE_LIMITED).
 */
export function problemWith(codes: readonly [string, ...string[]]) {
  const code = z.enum(codes);
  const own = codes.includes('RATE_LIMITED')
    ? z.object({
        code,
        retryAfterSeconds: z.number().int().min(1).meta({ description: 'Also sent as the Retry-After header.' }),
      })
    : codes.includes('MARKET_UNKNOWN')
      ? z.object({
          code,
          validMarkets: z
            .array(z.string())
            .optional()
            .meta({ description: 'MARKET_UNKNOWN only: the codes X-Market takes.' }),
        })
      : z.object({ code });
  return z.intersection(problemSchema, own);
}
