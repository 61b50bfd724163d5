import { parseInt32 } from '../http/path-ids';
import { invalidCursor } from './cursor';

/**
 * What a keyset column holds. Every keyset is order dates (timestamps) and ids (32-bit integers); a column whose
 * name mentions `date` is a timestamp, any other an id.
 */
type KeyKind = 'timestamp' | 'integer';
const keyKindOf = (column: string): KeyKind => (column.includes('date') ? 'timestamp' : 'integer');

// As PostgreSQL prints a timestamptz (`2025-03-10 10:00:00.123456+00`), or ISO 8601 with T and Z.
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::?(\d{2}))?)$/;

/** Whether `value` is a real calendar moment in the shape PostgreSQL prints (no day 30 of February). */
function isTimestamp(value: string): boolean {
  const m = TIMESTAMP.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second, offsetHours = 0, offsetMinutes = 0] = m
    .slice(1)
    .map((p) => Number(p ?? 0));
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1));
  const realDay = date.getUTCMonth() === (month ?? 1) - 1 && date.getUTCDate() === day;
  return (
    year !== 0 &&
    realDay &&
    (hour ?? 0) < 24 &&
    (minute ?? 0) < 60 &&
    (second ?? 0) < 60 &&
    offsetHours <= 15 &&
    offsetMinutes < 60
  );
}

/**
 * 400 `invalid_request` unless every cursor value fits its keyset column, so a forged or corrupted cursor is
 * refused like a malformed one instead of failing in SQL (a 500).
 */
export function checkKeyValues(keyset: readonly string[], values: readonly string[]): void {
  const fits = keyset.every((column, i) => {
    const value = values[i] ?? '';
    return keyKindOf(column) === 'timestamp' ? isTimestamp(value) : parseInt32(value) !== undefined;
  });
  if (!fits) throw invalidCursor();
}
