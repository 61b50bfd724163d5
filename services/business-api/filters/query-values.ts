import { z } from 'zod';

/**
 * A date or date-time: `2024-05-01`, `2024-05-01T10:00:00Z`, `2024-05-01T12:00:00+02:00`; without an offset it
 * is UTC. `dateOnly` tells a whole day from an instant (a `to` date covers its whole day).
 */
export type DateBound = { at: Date; dateOnly: boolean };

const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true, local: true });

/** The bound `raw` denotes, or undefined when it is neither an ISO date nor an ISO date-time. */
export function parseDateBound(raw: string): DateBound | undefined {
  if (isoDate.safeParse(raw).success) return { at: new Date(`${raw}T00:00:00Z`), dateOnly: true };
  if (!isoDateTime.safeParse(raw).success) return undefined;
  const hasOffset = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i.test(raw);
  const at = new Date(hasOffset ? raw : `${raw}Z`);
  return Number.isNaN(at.getTime()) ? undefined : { at, dateOnly: false };
}

/** A date-time query parameter (a plain date is accepted too); anything else is a binding failure. */
export function dateTimeParam(description: string) {
  return z
    .string()
    .transform((raw, ctx) => {
      const bound = parseDateBound(raw);
      if (bound) return bound;
      ctx.addIssue({ code: 'custom', message: `The value '${raw}' is not a valid ISO 8601 date-time.` });
      return z.NEVER;
    })
    .meta({ type: 'string', format: 'date-time', description })
    .optional();
}

/** A decimal query parameter (`totalMin`); blank or not a finite number is a binding failure. */
export function numberParam(description: string) {
  return z
    .string()
    .transform((raw, ctx) => {
      const value = raw.trim() === '' ? Number.NaN : Number(raw);
      if (Number.isFinite(value)) return value;
      ctx.addIssue({ code: 'custom', message: `The value '${raw}' is not a valid number.` });
      return z.NEVER;
    })
    .meta({ type: 'number', format: 'double', description })
    .optional();
}

/** A free-text filter of at most 200 characters; blank text filters nothing (it is not an identifier). */
export function textFilter(description: string) {
  return z
    .string()
    .max(200)
    .transform((raw) => (raw.trim() === '' ? undefined : raw.trim()))
    .meta({ type: 'string', description })
    .optional();
}
