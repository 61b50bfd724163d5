import { z } from 'zod';
import { badRequest } from '../../../shared/errors';

const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/** A 32-bit integer written as the spec allows (optional minus, digits, no leading zeros), else undefined. */
export function parseInt32(raw: string): number | undefined {
  if (!/^-?(0|[1-9][0-9]{0,9})$/.test(raw)) return undefined;
  const value = Number(raw);
  if (value < INT32_MIN || value > INT32_MAX) return undefined;
  return value === 0 ? 0 : value; // "-0" is 0, not -0
}

/**
 * Zod schema for an integer path or query parameter: a wrong value is a binding failure
 * (ValidationProblemDetails), as the spec's error table says for a parameter of the wrong type.
 */
export const int32Param = z.string().transform((raw, ctx) => {
  const value = parseInt32(raw);
  if (value === undefined) {
    ctx.addIssue({ code: 'custom', message: `The value '${raw}' is not a valid 32-bit integer.` });
    return z.NEVER;
  }
  return value;
});

/**
 * A 32-bit integer in a JSON body. Reference ids use it without a lower bound: an id that matches nothing (0 and
 * negatives included) is the route's "unknown" answer (e.g. rule 4's 400 `invalid_request`), not a binding problem.
 */
export const int32Value = z.number().int().min(INT32_MIN).max(INT32_MAX);

/**
 * The string-typed order id of /sales-orders/{id}/contact, /fulfilment and /payment: digits only, at
 * most 2147483647 (leading zeros are digits too), else 400 `invalid_request` as an ErrorEnvelope.
 */
export function parseWholeNumberId(raw: string): number {
  const value = /^[0-9]{1,20}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value <= INT32_MAX)) {
    throw badRequest('invalid_request', 'The id must be a whole number (digits only, at most 2147483647).');
  }
  return value;
}
