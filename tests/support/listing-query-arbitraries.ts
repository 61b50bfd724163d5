import fc from 'fast-check';
import { joinValues } from '../../shared/listing/filter-grammar';

// Query strings of the listing grammar mixed with junk, for property tests over HTTP. `raw` goes on the wire as
// is: printable ASCII only (raw bytes above 0x7f are refused by Node's HTTP parser with an empty 400 before any
// app code runs, so they test nothing of ours). `pairs` is what any server reads from it by the URL standard's
// form decoding.

export type QueryPair = [string, string];

const SAFE_JUNK = fc.string({
  unit: fc.constantFrom(...'!$\'()*+,-./:;=?@[]^_`{|}~\\"<>%azAZ09'.split('')),
  maxLength: 12,
});
const PERCENT_JUNK = fc.constantFrom(
  '%',
  '%zz',
  '%0',
  '%00',
  '%C3',
  '%E2%82',
  '%2C',
  '%5C',
  '%5C%2C',
  '%FF',
  '%F0%9F%98%80',
  '%25',
  '+',
  '%2B',
  '%26',
  '%3D',
  '%5B',
  '%5D',
);

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({ unit: fc.constantFrom(',', '\\', 'a', ' ', '-', '\u0000', '😀'), maxLength: 12 }),
);

const number = fc.oneof(
  fc.constantFrom(
    '',
    '0',
    '1',
    '2',
    '24',
    '100',
    '101',
    '416',
    '417',
    '10000',
    '-1',
    '1.5',
    '1e2',
    'abc',
    ' 1',
    '99999999999',
    '１',
  ),
  fc.nat({ max: 20_000 }).map(String),
);
const rangeValue = fc.oneof(
  fc
    .tuple(fc.option(fc.integer({ min: -100, max: 5000 })), fc.option(fc.integer({ min: -100, max: 5000 })))
    .map(([a, b]) => `${a ?? ''}-${b ?? ''}`),
  fc.constantFrom('-', '10', '--2', '-10--2', '1.5-2.5', 'a-b', '5-1'),
);
const filterValue = fc.oneof(
  text,
  rangeValue,
  fc.constantFrom('true', 'false', 'TRUE', ''),
  fc.array(text, { minLength: 1, maxLength: 4 }).map(joinValues),
);
const longText = fc
  .tuple(fc.constantFrom('a', 'ö', '😀', ' ', 'ab '), fc.integer({ min: 90, max: 260 }))
  .map(([unit, n]) => unit.repeat(n));

const keyName = fc.stringMatching(/^[a-z0-9][a-z0-9_.-]{0,8}$/);
const goodFilter = fc
  .oneof(fc.constantFrom('brand', 'price', 'in-stock', 'colour', 'size', 'clothing', 'Brand', 'nope'), keyName)
  .map((k) => `filter[${k}]`);
const badFilter = fc.oneof(
  fc.constantFrom(
    'filter',
    'filter[',
    'filter[]',
    'filter[a][b]',
    'filter]a[',
    'filters',
    'filter[-x]',
    'filter[a b]',
    'filter[é]',
    `filter[${'k'.repeat(65)}]`,
  ),
  fc.string({ maxLength: 6 }).map((s) => `filter${s}`),
);
const plainName = fc.constantFrom('q', 'page', 'pageSize', 'sort', 'collection', 'utm_source', '', 'Q', 'q[]');

/** How a decoded text goes on the wire: percent-encoded, or (for ASCII-safe junk) raw. */
const wire = (value: string) => encodeURIComponent(value);

const pair: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(goodFilter, filterValue).map(([n, v]) => `${wire(n)}=${wire(v)}`) },
  { weight: 1, arbitrary: fc.tuple(goodFilter, filterValue).map(([n, v]) => `${n}=${wire(v)}`) },
  { weight: 1, arbitrary: fc.tuple(badFilter, filterValue).map(([n, v]) => `${wire(n)}=${wire(v)}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'filter%5Bbrand%5D=a',
      'filter[bra%6Ed]=x',
      'filter%5B%5D=1',
      'filter[brand]',
      'filter[price]=',
      '=x',
      '&&',
      'page',
    ),
  },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom('page', 'pageSize'), number).map(([n, v]) => `${n}=${wire(v)}`) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom('q', 'sort', 'collection'),
        fc.oneof(text, longText, fc.constantFrom('price_asc', 'newest', 'relevance', 'x')),
      )
      .map(([n, v]) => `${n}=${wire(v)}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(plainName, fc.array(fc.oneof(SAFE_JUNK, PERCENT_JUNK), { maxLength: 4 }))
      .map(([n, parts]) => `${n}=${parts.join('')}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(goodFilter, fc.array(fc.oneof(SAFE_JUNK, PERCENT_JUNK), { maxLength: 4 }))
      .map(([n, parts]) => `${n}=${parts.join('')}`),
  },
);

/** A whole query string (without "?") and its decoded pairs. */
export const queryString = (): fc.Arbitrary<{ raw: string; pairs: QueryPair[] }> =>
  fc.array(pair, { maxLength: 6 }).map((pairs) => {
    const raw = pairs.join('&');
    return { raw, pairs: [...new URLSearchParams(raw)] };
  });

/** A query string that mostly leads with a `q` (suggest and search-in-facet need one: 1 to 100 characters). */
export const queryStringWithQ = (): fc.Arbitrary<{ raw: string; pairs: QueryPair[] }> =>
  fc
    .tuple(fc.option(fc.oneof(text, longText, fc.constantFrom('a', 'ac', ' b ', 'Sh')), { freq: 5 }), queryString())
    .map(([q, rest]) => {
      const raw = [...(q === null ? [] : [`q=${wire(q)}`]), ...(rest.raw === '' ? [] : [rest.raw])].join('&');
      return { raw, pairs: [...new URLSearchParams(raw)] };
    });
