import pg from 'pg';

const TIMESTAMPTZ = 1184;
const fallback = pg.types.getTypeParser(TIMESTAMPTZ, 'text') as (text: string) => Date;

/** The digits of `text` from `start` to `end` as a number, or NaN when one is no digit. */
function digits(text: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return Number.NaN;
    n = n * 10 + d;
  }
  return n;
}

/**
 * A timestamptz as PostgreSQL writes it in UTC (`2026-11-27 13:55:11.123456+00`, a four-digit year not starting with
 * 0) as the same Date pg's own parser (postgres-date) gives, without its regular expressions: a catalogue read parses
 * several per product, and they were 5 to 7% of it. Any other form (another offset, BC, infinity, a short year) goes
 * to pg's parser.
 */
export function parseTimestamptz(text: string): Date {
  const n = text.length;
  const fast =
    n >= 22 &&
    text.charCodeAt(0) !== 48 &&
    text[4] === '-' &&
    text[7] === '-' &&
    text[10] === ' ' &&
    text[13] === ':' &&
    text[16] === ':' &&
    text.endsWith('+00') &&
    (n === 22 || (text[19] === '.' && n > 23));
  if (!fast) return fallback(text);
  const parts = [
    digits(text, 0, 4),
    digits(text, 5, 7),
    digits(text, 8, 10),
    digits(text, 11, 13),
    digits(text, 14, 16),
    digits(text, 17, 19),
  ];
  const fractionDigits = n === 22 ? 0 : digits(text, 20, n - 3);
  if (parts.some(Number.isNaN) || Number.isNaN(fractionDigits)) return fallback(text);
  const [year, month, day, hour, minute, second] = parts as [number, number, number, number, number, number];
  // As postgres-date computes it: a millisecond count from the fraction's text, truncated by Date.UTC.
  const ms = n === 22 ? 0 : 1000 * Number.parseFloat(text.slice(19, n - 3));
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms));
}

/** pg's type parsers with timestamptz read by parseTimestamptz (a pg client's `types`). */
export const PG_TYPES = {
  getTypeParser: (oid: number, format = 'text'): unknown =>
    oid === TIMESTAMPTZ && format === 'text'
      ? parseTimestamptz
      : pg.types.getTypeParser(oid, format === 'binary' ? 'binary' : 'text'),
};
