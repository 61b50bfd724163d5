/** Quantities and prices are stored with four decimals; two amounts are equal when they agree to that. */
const SCALE = 10_000;

// Fractions such as 0.07 * 100 are not exact in binary; this keeps a difference of exactly 7% inside.
const EPSILON = 1e-9;

/** Rounds to the four decimals amounts are stored with (sums and differences of decimals drift in binary). */
export const roundQty = (qty: number): number => Math.round(qty * SCALE) / SCALE;

export const sameAmount = (a: number, b: number): boolean => Math.round(a * SCALE) === Math.round(b * SCALE);

export type Closeness = 'exact' | 'within' | 'outside';

/** How close `actual` is to `expected`, with `fraction` of `expected` allowed either way. */
export function closeness(actual: number, expected: number, fraction: number): Closeness {
  if (sameAmount(actual, expected)) return 'exact';
  return Math.abs(actual - expected) <= fraction * Math.abs(expected) + EPSILON ? 'within' : 'outside';
}

/**
 * A product code as compared: case, spaces and punctuation ignored, since suppliers write "AB-12 x" and
 * "ab12x" for the same article. Empty codes are no code.
 */
export function codeKey(code: string | null | undefined): string | null {
  const lower = (code ?? '').toLowerCase();
  // The Unicode-aware pattern is several times slower; most codes are ASCII (this runs for every open receipt).
  const key = ASCII.test(lower) ? lower.replace(/[^a-z0-9]+/g, '') : lower.replace(/[^\p{L}\p{N}]+/gu, '');
  return key === '' ? null : key;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range starts at NUL; this is no control-character check
const ASCII = /^[\x00-\x7f]*$/;

/** A description as compared: case and runs of white space ignored. */
export function textKey(text: string | null | undefined): string | null {
  const key = (text ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  return key === '' ? null : key;
}

export const DAY_MS = 86_400_000;
