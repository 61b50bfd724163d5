import { z } from 'zod';
import { refuseAsInvalidRequest as refuse } from '../../filters/invalid-request';

// The filters only /sales-orders has; identifiers, currency, statusKind, dates, totals and text are shared (filters/).

export const MAX_EMAIL_LENGTH = 254;

/** The e-mail filter as it is matched: trimmed and lower-cased; it must contain `@` and fit 254 characters. */
export const emailFilter = z.string().transform((raw, ctx): string => {
  const email = raw.trim().toLowerCase();
  if (!email.includes('@')) return refuse(ctx, 'email must be an e-mail address (it must contain @).');
  return email.length <= MAX_EMAIL_LENGTH
    ? email
    : refuse(ctx, `email must be at most ${MAX_EMAIL_LENGTH} characters.`);
});

/** A shop order number, matched with case ignored; blank is `invalid_request`. */
export const shopOrderNumberFilter = z.string().transform((raw, ctx): string => {
  const value = raw.trim().toLowerCase();
  return value !== '' && value.length <= 200
    ? value
    : refuse(ctx, 'shopOrderNumber must be a non-blank order number of at most 200 characters.');
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
