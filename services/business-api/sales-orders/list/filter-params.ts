import { z } from 'zod';
import { refuseAsInvalidRequest as refuse } from '../../filters/invalid-request';
import { parseInt32 } from '../../http/path-ids';
import { isStatusKind, type StatusKind } from '../../statuses/status-filter';

/** An identifier filter: a positive 32-bit whole number; blank or anything else is `invalid_request`. */
export const idFilter = (name: string) =>
  z.string().transform((raw, ctx): number => {
    const value = parseInt32(raw.trim());
    return value !== undefined && value > 0 ? value : refuse(ctx, `${name} must be a positive whole number.`);
  });

/** A currency code, any case: three letters, returned upper-case. */
export const currencyFilter = z.string().transform((raw, ctx): string => {
  const code = raw.trim().toUpperCase();
  return /^[A-Z]{3}$/.test(code) ? code : refuse(ctx, 'currency must be a three-letter currency code.');
});

export const statusKindFilter = z.string().transform((raw, ctx): StatusKind => {
  const kind = raw.trim().toLowerCase();
  return isStatusKind(kind) ? kind : refuse(ctx, 'statusKind must be one of intake, sales, purchase, all.');
});

export const MAX_EMAIL_LENGTH = 254;

/** The e-mail filter as it is matched: trimmed and lower-cased; it must contain `@` and fit 254 characters. */
export const emailFilter = z.string().transform((raw, ctx): string => {
  const email = raw.trim().toLowerCase();
  if (!email.includes('@')) return refuse(ctx, 'email must be an e-mail address (it must contain @).');
  return email.length <= MAX_EMAIL_LENGTH ? email : refuse(ctx, `email must be at most ${MAX_EMAIL_LENGTH} characters.`);
});

/** A shop order number, matched with case ignored; blank is `invalid_request`. */
export const shopOrderNumberFilter = z.string().transform((raw, ctx): string => {
  const value = raw.trim().toLowerCase();
  return value !== '' && value.length <= 200 ? value : refuse(ctx, 'shopOrderNumber must be a non-blank order number of at most 200 characters.');
});

export const INCLUDES = ['lines', 'fulfilment'] as const;
export type Include = (typeof INCLUDES)[number];

/** `lines,fulfilment`: comma-separated, spaces ignored; blank, empty or unknown parts are `invalid_request`. */
export const includeFilter = z.string().transform((raw, ctx): Include[] => {
  const parts = raw.split(',').map((p) => p.trim().toLowerCase());
  const known = (p: string): p is Include => (INCLUDES as readonly string[]).includes(p);
  if (parts.every(known)) return [...new Set(parts)];
  return refuse(ctx, `include must list one or more of ${INCLUDES.join(', ')}, separated by commas.`);
});

/** Free text: trimmed; blank means no filter. */
export const textFilter = z
  .string()
  .max(200)
  .transform((raw) => raw.trim() || undefined);

/** A finite number; anything else is a binding problem. */
export const numberParam = z.string().transform((raw, ctx): number => {
  const value = raw.trim() === '' ? Number.NaN : Number(raw);
  if (Number.isFinite(value)) return value;
  ctx.addIssue({ code: 'custom', message: `The value '${raw}' is not a valid number.` });
  return z.NEVER as never;
});

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const dateTime = z.iso.datetime({ offset: true });
const localDateTime = z.iso.datetime({ local: true });
const date = z.iso.date();

/**
 * A date-time bound (ISO 8601 with an offset, one without read as UTC, or a plain date meaning that UTC day, as on
 * every list), passed to PostgreSQL as text so microseconds survive. A plain date as an upper bound covers the whole day.
 */
export const dateBound = (edge: 'from' | 'to') =>
  z
    .string()
    .transform((raw, ctx): string => {
      if (DATE_ONLY.test(raw) && date.safeParse(raw).success) return edge === 'from' ? `${raw}T00:00:00Z` : `${raw}T23:59:59.999999Z`;
      if (dateTime.safeParse(raw).success) return raw;
      if (localDateTime.safeParse(raw).success) return `${raw}Z`;
      ctx.addIssue({ code: 'custom', message: `The value '${raw}' is not a valid ISO 8601 date-time.` });
      return z.NEVER as never;
    })
    .meta({ format: 'date-time' });
