import { createBitset, nonZeroWords, setBit, wordCount } from '../../../../../shared/search/embedded/bitset';
import { pageAlongOrder, pageByOrdinal, pageByScore } from '../../../../../shared/search/embedded/query/paging';

describe('paging', () => {
  const n = 500;
  const scores = Float64Array.from({ length: n }, (_, d) => (d * 7919) % 13);
  const bits = createBitset(n);
  const members = Array.from({ length: n }, (_, d) => d).filter((d) => d % 3 !== 0);
  members.forEach((d) => {
    setBit(bits, d);
  });
  const byScore = [...members].sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b);

  it.each([
    [0, 10],
    [10, 25],
    [320, 50],
    [0, 0],
  ])('the score heap returns the same page as a full sort (skip %i, take %i)', (skip, take) => {
    expect(pageByScore(bits, scores, skip, take)).toEqual(byScore.slice(skip, skip + take));
  });

  it('the score heap reads only the listed words when given them, with the same page', () => {
    const few = createBitset(n);
    for (const d of [3, 40, 41, 300, 301, 499]) setBit(few, d);
    const words = new Uint32Array(wordCount(n));
    const listed = words.subarray(0, nonZeroWords(few, words));
    expect(listed.length).toBe(4);
    expect(pageByScore(few, scores, 1, 4, listed)).toEqual(pageByScore(few, scores, 1, 4));
  });

  it('walks a presorted order, then documents without a value in ordinal order', () => {
    const order = Uint32Array.from([9, 4, 7]);
    const values = Float64Array.from({ length: 10 }, (_, d) => ([4, 7, 9].includes(d) ? d : NaN));
    const all = createBitset(10);
    for (const d of [1, 4, 7, 8, 9]) setBit(all, d);
    expect(pageAlongOrder(order, all, 0, 10, values)).toEqual([9, 4, 7, 1, 8]);
    expect(pageAlongOrder(order, all, 2, 2, values)).toEqual([7, 1]);
    expect(pageByOrdinal(all, 1, 3)).toEqual([4, 7, 8]);
  });

  it.each([
    [0, 10],
    [10, 25],
    [320, 50],
    [330, 10],
    [400, 5],
    [0, 0],
  ])('walks an order to the same page as filtering it (skip %i, take %i)', (skip, take) => {
    const order = Uint32Array.from({ length: n }, (_, i) => (i * 7) % n);
    const expected = [...order].filter((d) => d % 3 !== 0).slice(skip, skip + take);
    expect(pageAlongOrder(order, bits, skip, take)).toEqual(expected);
  });
});
