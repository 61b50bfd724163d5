import { z } from 'zod';

/**
 * Zod schema for a boolean query parameter: `true` or `false`, any case (what ASP.NET-style clients
 * send); anything else is a binding failure.
 */
export const booleanParam = z.string().transform((raw, ctx) => {
  const lower = raw.toLowerCase();
  if (lower === 'true' || lower === 'false') return lower === 'true';
  ctx.addIssue({ code: 'custom', message: `The value '${raw}' is not a valid boolean.` });
  return z.NEVER;
});
