import fc from 'fast-check';
import pg from 'pg';
import { PG_TYPES, parseTimestamptz } from '../../../../shared/db/timestamps';

const pgParse = pg.types.getTypeParser(1184, 'text') as (text: string) => Date;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A timestamptz as PostgreSQL writes it with TimeZone UTC: fractional seconds without trailing zeros. */
const utcText = fc
  .record({
    year: fc.integer({ min: 1000, max: 9999 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 59 }),
    micros: fc.integer({ min: 0, max: 999_999 }),
  })
  .map(({ year, month, day, hour, minute, second, micros }) => {
    const fraction = micros === 0 ? '' : `.${pad(micros, 6).replace(/0+$/, '')}`;
    return `${year}-${pad(month, 2)}-${pad(day, 2)} ${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}${fraction}+00`;
  });

/** Forms the fast path leaves to pg: other offsets, BC, infinity, short and long years, stray characters. */
const otherText = fc.oneof(
  utcText.map((text) => text.replace('+00', '+05:30')),
  utcText.map((text) => text.replace('+00', '-08')),
  utcText.map((text) => text.replace('+00', '+00 BC')),
  utcText.map((text) => `0${text.slice(1)}`),
  utcText.map((text) => `1${text}`),
  utcText.map((text) => text.replace(':', 'x')),
  fc.constantFrom('infinity', '-infinity', '2026-11-27 13:55:11.+00', '2026-11-27 13:55:11+0'),
);

const same = (a: Date | number, b: Date | number) =>
  a instanceof Date && b instanceof Date ? Object.is(a.getTime(), b.getTime()) : Object.is(a, b);

describe('parseTimestamptz', () => {
  it('gives the Date pg gives for every UTC timestamptz PostgreSQL writes', () => {
    fc.assert(
      fc.property(utcText, (text) => same(parseTimestamptz(text), pgParse(text))),
      { numRuns: 20_000 },
    );
  });

  it('leaves every other form to pg, with pg’s result', () => {
    fc.assert(
      fc.property(otherText, (text) => same(parseTimestamptz(text), pgParse(text))),
      { numRuns: 5_000 },
    );
  });

  it('is what a pg client with PG_TYPES uses for timestamptz, and pg’s own parser for every other type', () => {
    expect(PG_TYPES.getTypeParser(1184, 'text')).toBe(parseTimestamptz);
    expect(PG_TYPES.getTypeParser(1114, 'text')).toBe(pg.types.getTypeParser(1114, 'text'));
    expect(PG_TYPES.getTypeParser(1700, 'text')).toBe(pg.types.getTypeParser(1700, 'text'));
  });
});
