import fc from 'fast-check';
import { isInverted, parseRangeValue } from '../../../../shared/listing/range-value';

describe('parseRangeValue (rule 7)', () => {
  it.each([
    ['10-50', 10, 50],
    ['0-0', 0, 0],
    ['10-', 10, null],
    ['-50', null, 50],
    ['-10--2', -10, -2],
    ['-10-', -10, null],
    ['--2', null, -2],
    ['-10-5', -10, 5],
    ['1.5-2.25', 1.5, 2.25],
    ['-0.5--0.25', -0.5, -0.25],
    ['50-10', 50, 10],
    ['5--2', 5, -2],
    [' 10-50 ', 10, 50],
    ['007-010', 7, 10],
    ['99999999999999999999-', 1e20, null],
  ])('reads %j as min %p, max %p', (value, min, max) => {
    expect(parseRangeValue(value)).toEqual({ min, max });
  });

  it.each([
    '',
    '-',
    ' - ',
    '10',
    'abc',
    '10-50-',
    '10--',
    '---2',
    '1e3-5',
    '.5-1',
    '1.-2',
    '+5-10',
    '10 - 50',
    '10–50',
    '١٠-٥٠',
    'Infinity-',
    'NaN-1',
    '0x10-20',
    '10-50,60-70',
    'true',
  ])('does not parse %j', (value) => {
    expect(parseRangeValue(value)).toBeNull();
  });

  it('reads back any pair of written bounds', () => {
    const bound = fc.option(
      fc.oneof(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 100),
      ),
      { nil: null },
    );
    fc.assert(
      fc.property(bound, bound, (min, max) => {
        fc.pre(min !== null || max !== null);
        const value = `${min ?? ''}-${max ?? ''}`;
        expect(parseRangeValue(value)).toEqual({ min, max });
      }),
      { numRuns: 2000 },
    );
  });
});

describe('isInverted', () => {
  it.each([
    [{ min: 50, max: 10 }, true],
    [{ min: -2, max: -10 }, true],
    [{ min: 10, max: 10 }, false],
    [{ min: 10, max: 50 }, false],
    [{ min: -10, max: -2 }, false],
    [{ min: 10, max: null }, false],
    [{ min: null, max: -10 }, false],
    [{ min: null, max: null }, false],
  ])('%j is inverted: %p', (range, inverted) => {
    expect(isInverted(range)).toBe(inverted);
  });

  it('holds exactly when both bounds are set and min is above max', () => {
    expect(isInverted(parseRangeValue('5--2')!)).toBe(true);
    expect(isInverted(parseRangeValue('-5--2')!)).toBe(false);
  });
});
