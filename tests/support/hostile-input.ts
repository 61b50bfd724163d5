import fc from 'fast-check';

/**
 * Arbitraries for hostile requests: query strings and JSON bodies built as raw text, so they can hold what a
 * JavaScript value cannot be serialised into (number literals beyond double precision, nesting deeper than
 * JSON.stringify's recursion allows) and keys named after built-in object properties.
 */

/** Names every plain object inherits (and `__proto__`), which a lookup on `{}` finds without them being set. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupGetter__',
];

const NUMBER_LITERALS = [
  '1e400',
  '-1e400',
  '123456789012345678901234567890',
  '-0',
  '0.0000000000000000000001',
  '2147483648',
  '-2147483649',
  '1.5',
  '9007199254740993',
];

/** Text with a fair chance of U+0000 (PostgreSQL text cannot hold it) and of a huge number written out. */
export const hostileText = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string(),
    fc.string({ unit: 'grapheme' }),
    fc.string().map((s) => `${s}\u0000${s}`),
    fc.constantFrom('', ' ', '\u0000', ...NUMBER_LITERALS, 'true', 'null', '[]', '{}', 'x'.repeat(5000)),
  );

/** A key: a prototype name, one of the names the route knows, or anything. */
export const hostileKey = (known: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
    { weight: 3, arbitrary: known.length ? fc.constantFrom(...known) : fc.string() },
    fc.string(),
  );

// Written into a URL as they are: malformed percent-encoding and separators a client may send unencoded.
const RAW_PIECES = ['%', '%ZZ', '%E0%A4%A', '%C0%AF', '%u0000', '%00', '&', '=', '==', '[', ']]', '+', '%2B', ';', '#'];

/** A raw query string (no leading `?`): repeated keys, encoded, bracketed and malformed forms included. */
export const hostileQuery = (known: string[]): fc.Arbitrary<string> =>
  fc
    .array(
      fc.tuple(
        hostileKey(known),
        hostileText(),
        fc.constantFrom('', '[]', '[a]'),
        fc.option(fc.constantFrom(...RAW_PIECES), { freq: 4 }),
      ),
      { maxLength: 6 },
    )
    .map((pairs) =>
      pairs
        .map(
          ([key, value, suffix, raw]) => `${encodeURIComponent(key)}${suffix}=${encodeURIComponent(value)}${raw ?? ''}`,
        )
        .join('&'),
    );

/** A path segment for an id: mostly a plain id, sometimes one that is not (malformed encoding, NUL, huge, negative zero). */
export const hostileId = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant('1') },
    fc.constantFrom(
      '%00',
      '%E0%A4%A',
      '%ZZ',
      '-0',
      '01',
      '99999999999999999999',
      '2147483648',
      '1e3',
      '%20',
      'toString',
      '__proto__',
      '1%2F2',
    ),
    fc.string({ minLength: 1 }).map(encodeURIComponent),
  );

const jsonString = (text: string) => JSON.stringify(text);

/** A JSON document as text, at most a few levels deep, with hostile keys, NULs and huge number literals. */
export const hostileJsonValue = (known: string[]): fc.Arbitrary<string> =>
  fc.letrec<{ value: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      hostileText().map(jsonString),
      fc.constantFrom(...NUMBER_LITERALS, '0', '1', '-1', 'true', 'false', 'null'),
      fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
      fc
        .array(fc.tuple(hostileKey(known), tie('value')), { maxLength: 5 })
        .map((entries) => `{${entries.map(([k, v]) => `${jsonString(k)}:${v}`).join(',')}}`),
    ),
  })).value;

/** JSON nested thousands of levels deep: arrays around a NUL string, or objects, optionally under a known field. */
export type DeepJson = { depth: number; arrays: boolean; field: string | null };

export const deepJson = (known: string[]): fc.Arbitrary<DeepJson> =>
  fc.record({
    depth: fc.integer({ min: 100, max: 25_000 }),
    arrays: fc.boolean(),
    field: fc.option(fc.constantFrom(...(known.length ? known : ['a']))),
  });

/** The text of a deep document (built here, not in the arbitrary, so a counterexample prints as its recipe). */
export function deepJsonText({ depth, arrays, field }: DeepJson): string {
  const inner = arrays
    ? `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return field === null ? inner : `{${jsonString(field)}:${inner}}`;
}

/** A hostile JSON body: mostly shallow documents (as text) with hostile content, sometimes a very deep one. */
export const hostileBody = (known: string[]): fc.Arbitrary<string | DeepJson> =>
  fc.oneof({ weight: 4, arbitrary: hostileJsonValue(known) }, { weight: 1, arbitrary: deepJson(known) });

export const bodyText = (body: string | DeepJson): string => (typeof body === 'string' ? body : deepJsonText(body));

/** What Node's HTTP client lets through in a header value (tab, visible ASCII, Latin-1): other characters become `?`. */
const headerSafe = (text: string) => text.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');

// Headers that frame the message itself: a client that sends hostile ones breaks the connection, not the route.
const FRAMING_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'expect',
  'upgrade',
  'te',
  'trailer',
  'keep-alive',
]);

/**
 * Request headers: names the route reads (or any token), values hostile text made sendable, a few hundred
 * characters at most so the request stays under Node's 16 KB header limit (oversized-headers tests cover that).
 */
export const hostileHeaders = (known: string[]): fc.Arbitrary<[string, string][]> =>
  fc.array(
    fc.tuple(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...known) },
        fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/).filter((name) => !FRAMING_HEADERS.has(name.toLowerCase())),
      ),
      fc
        .oneof(
          hostileText(),
          fc.constantFrom(...RAW_PIECES),
          fc.constantFrom(
            '*',
            'W/"1"',
            '"1"',
            'null',
            '-1',
            ', ,',
            'en;q=2',
            '*;q=0',
            'gzip',
            'deflate',
            'br',
            'identity',
            'application/json; charset=latin2',
          ),
        )
        .map((v) => headerSafe(v).slice(0, 300)),
    ),
    { maxLength: 4 },
  );
