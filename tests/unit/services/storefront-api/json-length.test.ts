import fc from 'fast-check';
import { jsonLength } from '../../../../services/storefront-api/freshness/json-length';

/** How many elements and fields `v` holds, at any depth. */
function separators(v: unknown): number {
  if (Array.isArray(v)) return v.reduce((n: number, x) => n + 1 + separators(x), 0);
  if (typeof v === 'object' && v !== null) return Object.values(v).reduce((n: number, x) => n + 1 + separators(x), 0);
  return 0;
}

describe('jsonLength', () => {
  it('is the length of JSON.stringify, plus at most one character per element or field, for values without escapes', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'å', ' ', '-', '7') });
    const leaf = fc.oneof(
      text,
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
    );
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node')), fc.dictionary(text, tie('node'))),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        const exact = JSON.stringify(v).length;
        expect(jsonLength(v)).toBeGreaterThanOrEqual(exact);
        expect(jsonLength(v)).toBeLessThanOrEqual(exact + separators(v));
      }),
      { numRuns: 300 },
    );
  });

  it('measures every number as its JSON text is long', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -(2 ** 53), max: 2 ** 53 }), fc.double({ noNaN: true, noDefaultInfinity: true })),
        (n) => {
          expect(jsonLength(n)).toBe(JSON.stringify(n).length);
        },
      ),
      { numRuns: 2000 },
    );
    for (const n of [0, -0, 9, 10, 99, 100, -1, -10, 1e20, 1e21, 123456789012345680000, 2 ** 53])
      expect(jsonLength(n)).toBe(JSON.stringify(n).length);
  });

  it('counts Dates as their ISO text, Maps as entry lists, and leaves undefined fields out', () => {
    const date = new Date('2026-11-27T08:00:00.000Z');
    expect(jsonLength(date)).toBe(JSON.stringify(date).length);
    const map = new Map([[1, 'a']]);
    expect(jsonLength(map)).toBeGreaterThanOrEqual(JSON.stringify([...map]).length);
    expect(jsonLength(map)).toBeLessThanOrEqual(JSON.stringify([...map]).length + 3);
    expect(jsonLength({ a: 1, b: undefined })).toBe(jsonLength({ a: 1 }));
  });
});
