import fc from 'fast-check';
import {
  addDecimals,
  formatDecimal,
  lineTotalInc,
  parseDecimal,
  sameAmount,
  ZERO,
} from '../../../../../services/storefront-api/cart/money';

describe('cart money', () => {
  it('sums exactly where floats drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    const sum = ['0.10', '0.20'].map(parseDecimal).reduce(addDecimals, ZERO);
    expect(formatDecimal(sum)).toBe('0.30');
    expect(formatDecimal(lineTotalInc({ amount: '0.10', vatRate: '25.00', vatIncluded: true }, 3))).toBe('0.30');
  });

  it('formats with at least two decimals and only significant ones beyond', () => {
    expect(formatDecimal(parseDecimal('5'))).toBe('5.00');
    expect(formatDecimal(parseDecimal('1.2300'))).toBe('1.23');
    expect(formatDecimal(parseDecimal('0.125'))).toBe('0.125');
    expect(formatDecimal(parseDecimal('-0.5'))).toBe('-0.50');
    expect(formatDecimal(parseDecimal('0.0000'))).toBe('0.00');
  });

  it('adds VAT to a VAT-exclusive line once, rounding half away from zero to the cent', () => {
    expect(formatDecimal(lineTotalInc({ amount: '10.00', vatRate: '25.00', vatIncluded: false }, 3))).toBe('37.50');
    // 0.99 * 3 = 2.97 net; * 1.25 = 3.7125 -> 3.71
    expect(formatDecimal(lineTotalInc({ amount: '0.99', vatRate: '25', vatIncluded: false }, 3))).toBe('3.71');
    // 0.10 * 1 * 1.25 = 0.125 -> 0.13 (half away from zero)
    expect(formatDecimal(lineTotalInc({ amount: '0.10', vatRate: '25', vatIncluded: false }, 1))).toBe('0.13');
    expect(formatDecimal(lineTotalInc({ amount: '19.99', vatRate: '7.5', vatIncluded: false }, 2))).toBe('42.98');
  });

  it('agrees with integer cent arithmetic for any two-decimal prices and quantities', () => {
    const cents = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(fc.array(fc.tuple(cents, fc.integer({ min: 1, max: 999 })), { maxLength: 50 }), (lines) => {
        const asText = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
        const total = lines
          .map(([c, q]) => lineTotalInc({ amount: asText(c), vatRate: '0', vatIncluded: true }, q))
          .reduce(addDecimals, ZERO);
        const expected = lines.reduce((sum, [c, q]) => sum + BigInt(c) * BigInt(q), 0n);
        return formatDecimal(total) === formatDecimal({ units: expected, scale: 2 });
      }),
    );
  });

  it('compares amounts by value, not by text', () => {
    expect(sameAmount('10.5', '10.50')).toBe(true);
    expect(sameAmount('10.50', '10.51')).toBe(false);
    expect(() => parseDecimal('1e3')).toThrow();
  });
});
