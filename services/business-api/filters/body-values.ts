import { z } from 'zod';
import { INT32_MAX } from '../http/path-ids';
import { refuseAsInvalidRequest } from './invalid-request';
import { parseDateBound } from './query-values';

/**
 * An identifier filter in a JSON body: an integer or null. Another JSON type cannot be bound (a problem body);
 * an integer that is no id (zero, negative, beyond 32 bits) is 400 `invalid_request`, as in the query.
 */
export function bodyIdFilter(name: string, description: string) {
  return z
    .number()
    .int()
    .transform((value, ctx) => {
      if (value > 0 && value <= INT32_MAX) return value;
      return refuseAsInvalidRequest(ctx, `${name} must be a positive whole number (32-bit).`);
    })
    .nullable()
    .optional()
    .meta({ description });
}

/** A date (`2024-05-01`) or date-time (with offset, or UTC without one) in a JSON body, or null. */
export function bodyDateBound(description: string) {
  return z
    .string()
    .transform((raw, ctx) => {
      const bound = parseDateBound(raw);
      if (bound) return bound;
      ctx.addIssue({ code: 'custom', message: `The value '${raw}' is not a valid ISO 8601 date or date-time.` });
      return z.NEVER;
    })
    .nullable()
    .optional()
    .meta({ description });
}
