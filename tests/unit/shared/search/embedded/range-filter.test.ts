import {
  andInto,
  andWords,
  createBitset,
  hasBit,
  nonZeroWords,
  setBit,
} from '../../../../../shared/search/embedded/bitset';
import type { NumericColumn } from '../../../../../shared/search/embedded/index-data';
import { rangeInto } from '../../../../../shared/search/embedded/query/filter-bits';

const DOCS = 20_000;

/** Values 0..999 spread over the documents, every seventh document without one. */
function column(): NumericColumn {
  const values = new Float64Array(DOCS).map((_, d) => (d % 7 === 0 ? Number.NaN : (d * 7919) % 1000));
  const ascending = Uint32Array.from(
    [...values.keys()]
      .filter((d) => !Number.isNaN(values[d]))
      .sort((a, b) => (values[a] as number) - (values[b] as number) || a - b),
  );
  const present = createBitset(DOCS);
  for (const d of ascending) setBit(present, d);
  return { key: 'price', values, present, ascending, descending: ascending.slice().reverse() };
}

const bitsOf = (docs: number[]) => {
  const bits = createBitset(DOCS);
  for (const d of docs) setBit(bits, d);
  return bits;
};

describe('a range filter over the whole index', () => {
  const price = column();

  it.each([
    [100, 900],
    [10, 20],
    [null, 500],
    [250, null],
    [null, null],
    [900, 100],
  ])('[%p, %p] holds exactly the documents with a value in it', (min, max) => {
    const out = createBitset(DOCS).fill(0xffffffff);
    rangeInto(price, min, max, out, null);
    const inRange = (v: number) => !Number.isNaN(v) && (min === null || v >= min) && (max === null || v <= max);
    const expected = [...price.values.keys()].filter((d) => inRange(price.values[d] as number));
    expect([...price.values.keys()].filter((d) => hasBit(out, d))).toEqual(expected);
  });
});

describe('a range filter within a small base', () => {
  const price = column();
  const base = bitsOf(Array.from({ length: 300 }, (_, i) => i * 61));
  const narrowed = { bits: base, size: 300, words: null };
  const baseWords = new Uint32Array(base.length);
  const words = baseWords.subarray(0, nonZeroWords(base, baseWords));

  it.each([
    [100, 900],
    [null, 500],
    [250, null],
    [null, null],
    [0, 0],
  ])('[%p, %p] matches the whole-index evaluation within the base', (min, max) => {
    const whole = createBitset(DOCS);
    rangeInto(price, min, max, whole, null);
    andInto(whole, base);
    const within = createBitset(DOCS);
    rangeInto(price, min, max, within, narrowed);
    andInto(within, base);
    expect([...within]).toEqual([...whole]);
    expect(whole.some((w) => w !== 0)).toBe(min !== 0);
    // Narrowed to base's words, only those are written: stale words elsewhere stay, unread by andWords.
    const stale = createBitset(DOCS).fill(0xffffffff);
    rangeInto(price, min, max, stale, { ...narrowed, words });
    const answer = base.slice();
    andWords(answer, stale, words);
    expect([...answer]).toEqual([...whole]);
  });

  it('leaves nothing set outside the base', () => {
    const within = createBitset(DOCS).fill(0xffffffff);
    rangeInto(price, 100, 900, within, narrowed);
    const outside = within.map((w, i) => w & ~(base[i] as number));
    expect(outside.every((w) => w === 0)).toBe(true);
  });
});
