import fc from 'fast-check';
import {
  FilterSyntaxError,
  joinValues,
  parseFilterParams,
  splitValues,
} from '../../../../shared/listing/filter-grammar';

describe('splitValues (rule 9)', () => {
  it.each([
    ['', ['']],
    ['a', ['a']],
    ['a,b', ['a', 'b']],
    ['a,,b', ['a', '', 'b']],
    [',', ['', '']],
    ['a,', ['a', '']],
    ['a\\,b', ['a,b']],
    ['a\\\\b', ['a\\b']],
    ['a\\\\,b', ['a\\', 'b']],
    ['a\\\\\\,b', ['a\\,b']],
    ['a\\b', ['a\\b']],
    ['\\n', ['\\n']],
    ['a\\', ['a\\']],
    ['\\', ['\\']],
    ['\\\\', ['\\']],
    ['\\,', [',']],
    ['\\,\\,', [',,']],
    ['x\\\\\\', ['x\\\\']],
    ['röd,grön blå', ['röd', 'grön blå']],
    ['😀,a😀', ['😀', 'a😀']],
    ['%2C', ['%2C']],
  ])('splits %j into %j', (raw, values) => {
    expect(splitValues(raw)).toEqual(values);
  });
});

describe('joinValues', () => {
  it.each([
    [['a', 'b'], 'a,b'],
    [['a,b'], 'a\\,b'],
    [['a\\b'], 'a\\\\b'],
    [['a\\', 'b'], 'a\\\\,b'],
    [[''], ''],
    [['', ''], ','],
    [['\\,'], '\\\\\\,'],
  ])('joins %j as %j', (values, raw) => {
    expect(joinValues(values)).toBe(raw);
  });

  it('is the inverse of splitValues for any non-empty list of values', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string(),
            fc.string({ unit: fc.constantFrom('\\', ',', 'a', 'n', ' ') }),
            fc.string({ unit: 'grapheme' }),
          ),
          { minLength: 1, maxLength: 8 },
        ),
        (values) => {
          expect(splitValues(joinValues(values))).toEqual(values);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('gives every raw value one canonical spelling that splits the same way', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom('\\', ',', 'a', 'x') })), (raw) => {
        const values = splitValues(raw);
        expect(values.length).toBeGreaterThanOrEqual(1);
        expect(splitValues(joinValues(values))).toEqual(values);
      }),
      { numRuns: 2000 },
    );
  });

  it('splits into one more value than there are unescaped commas', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom('a', '\\b', '\\\\', '\\,') }), { minLength: 1, maxLength: 6 }),
        (pieces) => {
          // Pieces hold no bare comma and never end in a lone backslash, so bare commas between them all split.
          expect(splitValues(pieces.join(','))).toHaveLength(pieces.length);
        },
      ),
    );
  });
});

describe('parseFilterParams (rule 6)', () => {
  const parse = (pairs: [string, string][]) => Object.fromEntries(parseFilterParams(pairs));

  it('reads filter[<key>] parameters and leaves the others alone', () => {
    expect(
      parse([
        ['q', 'shoe'],
        ['filter[brand]', 'acme,zed'],
        ['page', '2'],
        ['filter[price]', '10-50'],
      ]),
    ).toEqual({
      brand: { raw: ['acme,zed'], values: ['acme', 'zed'] },
      price: { raw: ['10-50'], values: ['10-50'] },
    });
  });

  it('merges a repeated key into one filter, in order, without repeated values', () => {
    expect(
      parse([
        ['filter[brand]', 'acme'],
        ['filter[colour]', 'red'],
        ['filter[brand]', 'zed,acme'],
        ['filter[brand]', 'b\\,c'],
      ]),
    ).toEqual({
      brand: { raw: ['acme', 'zed,acme', 'b\\,c'], values: ['acme', 'zed', 'b,c'] },
      colour: { raw: ['red'], values: ['red'] },
    });
  });

  it('keeps empty values once so the caller can report them', () => {
    expect(
      parse([
        ['filter[brand]', ''],
        ['filter[brand]', 'a,,'],
      ]),
    ).toEqual({ brand: { raw: ['', 'a,,'], values: ['', 'a'] } });
  });

  it('accepts keys of 1 to 64 letters, digits, "_", "." and "-" (one no facet has is the listing\'s to ignore)', () => {
    const long = `a${'b'.repeat(63)}`;
    const keys = ['A.b_c-9', '0', long, '__proto__', 'constructor', '-a', '_a'];
    expect([...parseFilterParams(keys.map((k) => [`filter[${k}]`, 'x'])).keys()]).toEqual(keys);
  });

  it('returns no filters for no parameters', () => {
    expect(parseFilterParams([]).size).toBe(0);
  });

  it.each([
    'filter',
    'filter[]',
    'filter[a',
    'filter]a[',
    'filter[a][b]',
    'filter[a]b',
    'filter[[a]]',
    'filter[a]]',
    'filters',
    'filter.brand',
    'filter[a b]',
    'filter[é]',
    'filter[a/b]',
    'filter[a%5Bb]',
    `filter[a${'b'.repeat(64)}]`,
  ])('rejects the malformed parameter %j', (name) => {
    const attempt = () =>
      parseFilterParams([
        ['q', 'x'],
        [name, 'v'],
      ]);
    expect(attempt).toThrow(FilterSyntaxError);
    expect(attempt).toThrow(new RegExp(`^${name.replace(/[[\]().*+?\\^$|{}]/g, '\\$&')}: `));
  });

  it('names the parameter on the error', () => {
    try {
      parseFilterParams([['filter[a][b]', '1']]);
      throw new Error('no error');
    } catch (err) {
      expect(err).toBeInstanceOf(FilterSyntaxError);
      expect(err).toMatchObject({
        name: 'FilterSyntaxError',
        parameter: 'filter[a][b]',
        message: 'filter[a][b]: a filter is written filter[<facet key>]=<values>',
      });
    }
    expect(() => parseFilterParams([['filter[]', '1']])).toThrow(
      'filter[]: the facet key must be 1 to 64 letters, digits, "_", "." or "-"',
    );
  });

  it('leaves parameters that merely contain "filter" later in the name alone', () => {
    expect(
      parseFilterParams([
        ['myfilter[a]', '1'],
        ['Filter[a]', '1'],
      ]).size,
    ).toBe(0);
  });

  it('never throws anything but FilterSyntaxError, and every value it returns splits from a raw value', () => {
    const name = fc.oneof(
      fc.constant('filter[brand]'),
      fc.string().map((s) => `filter${s}`),
      fc.string().map((s) => `filter[${s}]`),
      fc.string(),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(name, fc.string()), { maxLength: 6 }), (pairs) => {
        try {
          for (const [key, { raw, values }] of parseFilterParams(pairs)) {
            expect(key).toMatch(/^[A-Za-z0-9_.-]{1,64}$/);
            expect(new Set(values).size).toBe(values.length);
            expect(values).toEqual([...new Set(raw.flatMap(splitValues))]);
          }
        } catch (err) {
          expect(err).toBeInstanceOf(FilterSyntaxError);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
