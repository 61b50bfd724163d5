import { z } from 'zod';
import { parseInt32 } from '../http/path-ids';
import { refuseAsInvalidRequest } from './invalid-request';

/**
 * An integer identifier filter in the query (`customerId`, `statusId`, ...). Blank or invalid is the spec's
 * 400 `invalid_request` (rule 6 of /sales-orders, applied to every list), not a binding failure. Valid means
 * a positive 32-bit whole number without leading zeros (ids are never zero or negative), spaces around it ignored.
 */
export function idFilter(name: string, description = `Only rows of this ${name}.`) {
  return z
    .string()
    .transform((raw, ctx) => {
      const value = parseInt32(raw.trim());
      if (value !== undefined && value > 0) return value;
      return refuseAsInvalidRequest(
        ctx,
        raw.trim() === '' ? `${name} must not be blank.` : `${name} must be a positive whole number (32-bit).`,
      );
    })
    .meta({ type: 'integer', format: 'int32', description })
    .optional();
}

/** A currency filter: an ISO 4217 code, any case; blank or malformed is 400 `invalid_request` like an identifier. */
export function currencyFilter(name: string, description = 'Only rows in this currency (ISO 4217 code, any case).') {
  return z
    .string()
    .transform((raw, ctx) => {
      const code = raw.trim().toUpperCase();
      if (/^[A-Z]{3}$/.test(code)) return code;
      return refuseAsInvalidRequest(
        ctx,
        raw.trim() === '' ? `${name} must not be blank.` : `${name} must be a three-letter ISO 4217 code.`,
      );
    })
    .meta({ description })
    .optional();
}

/**
 * A value from a fixed list (`statusKind`, `documentType`); an unknown or blank value is 400 `invalid_request`,
 * like an unknown `include` on /sales-orders.
 */
export function enumFilter<const T extends readonly [string, ...string[]]>(
  name: string,
  values: T,
  description: string,
) {
  return z
    .string()
    .transform((raw, ctx): T[number] => {
      const value = values.find((v) => v === raw.trim().toLowerCase());
      if (value !== undefined) return value;
      return refuseAsInvalidRequest(ctx, `${name} must be one of: ${values.join(', ')}.`);
    })
    .meta({ type: 'string', enum: [...values], description })
    .optional();
}
