import { countedRows } from '../../../../support/counted-rows';
import {
  andInto,
  andListing,
  andNotInto,
  andWords,
  countAnd,
  createBitset,
  hasBit,
  keepInAnyWords,
  keepWhere,
  nonZeroWords,
  orInto,
  popcount,
  popcount32,
  popcountWords,
  setBit,
  setList,
} from '../../../../../shared/search/embedded/bitset';
import {
  countInContext,
  countList,
  countRows,
  countsComplement,
  listBits,
} from '../../../../../shared/search/embedded/query/facet-count';

function bitsOf(n: number, members: number[]): Uint32Array {
  const bits = createBitset(n);
  for (const d of members) setBit(bits, d);
  return bits;
}

describe('bitsets', () => {
  it('set, test and count bits across word boundaries', () => {
    const bits = bitsOf(70, [0, 31, 32, 69]);
    expect([0, 31, 32, 69].every((d) => hasBit(bits, d))).toBe(true);
    expect(hasBit(bits, 33)).toBe(false);
    expect(popcount(bits)).toBe(4);
    expect(popcount32(0xffffffff)).toBe(32);
    expect(popcount32(0x80000001)).toBe(2);
  });

  it('and, or, and-not and counted and', () => {
    const a = bitsOf(64, [1, 2, 40]);
    const b = bitsOf(64, [2, 40, 63]);
    expect(countAnd(a, b)).toBe(2);
    const and = a.slice();
    andInto(and, b);
    expect(popcount(and)).toBe(2);
    const or = a.slice();
    orInto(or, b);
    expect(popcount(or)).toBe(4);
    const out = createBitset(64);
    andNotInto(out, a, b);
    expect(hasBit(out, 1) && popcount(out) === 1).toBe(true);
    setList(out, Uint32Array.from([5, 6, 7]), 1, 3);
    expect([hasBit(out, 5), hasBit(out, 6), hasBit(out, 7)]).toEqual([false, true, true]);
  });
});

describe('word-restricted bitset operations', () => {
  const base = bitsOf(200, [3, 40, 41, 170]);
  const other = bitsOf(200, [3, 41, 100, 171]);

  it('list the non-zero words', () => {
    const out = new Uint32Array(7);
    expect([...out.subarray(0, nonZeroWords(base, out))]).toEqual([0, 1, 5]);
  });

  it('AND two bitsets into a third and list its non-zero words in one pass', () => {
    const target = createBitset(200).fill(0xffffffff);
    const out = new Uint32Array(7);
    const listed = [...out.subarray(0, andListing(target, base, other, out))];
    const whole = base.slice();
    andInto(whole, other);
    expect([...target]).toEqual([...whole]);
    const expected = new Uint32Array(7);
    expect(listed).toEqual([...expected.subarray(0, nonZeroWords(whole, expected))]);
    expect(listed).toEqual([0, 1]);
  });

  it('AND and count within the listed words as the whole-bitset operations do, given zeros elsewhere', () => {
    const out = new Uint32Array(7);
    const words = out.subarray(0, nonZeroWords(base, out));
    const restricted = base.slice();
    andWords(restricted, other, words);
    const whole = base.slice();
    andInto(whole, other);
    expect([...restricted]).toEqual([...whole]);
    expect(popcountWords(restricted, words)).toBe(popcount(whole));
    expect(popcountWords(restricted, null)).toBe(2);
    const all = base.slice();
    andWords(all, other, null);
    expect([...all]).toEqual([...whole]);
  });

  it('keep the documents in any of several bitsets on the listed words as a test per document does', () => {
    const bits = bitsOf(200, [0, 3, 31, 40, 41, 64, 170, 199]);
    const sets = [bitsOf(200, [3, 41, 100]), bitsOf(200, [31, 41, 170, 171]), bitsOf(200, [])];
    const words = Uint32Array.from([0, 1, 5, 6]);
    const inAny = (d: number) => sets.some((set) => hasBit(set, d));
    const [byWords, byDocuments] = [createBitset(200).fill(7), createBitset(200).fill(7)];
    keepInAnyWords(bits, sets, byWords, words);
    keepWhere(bits, byDocuments, inAny, words);
    expect([...byWords]).toEqual([...byDocuments]);
    // Listed words hold the kept documents; the others keep what they held (word 2, document 64, is not listed).
    expect([0, 3, 31, 40, 41, 170, 199].filter((d) => hasBit(byWords, d))).toEqual([3, 31, 41, 170]);
    expect(byWords[2]).toBe(7);
    keepInAnyWords(bits, [], byWords, words);
    expect([...words].map((w) => byWords[w])).toEqual([0, 0, 0, 0]);
  });
});

describe('facet counting', () => {
  // Documents 0..99; document d holds values d % 3 and, when even, value 3.
  const offsets = new Uint32Array(101);
  const items: number[] = [];
  for (let d = 0; d < 100; d++) {
    items.push(d % 3);
    if (d % 2 === 0) items.push(3);
    offsets[d + 1] = items.length;
  }
  const rows = { offsets, items: Uint32Array.from(items) };
  const market = bitsOf(
    100,
    Array.from({ length: 90 }, (_, d) => d),
  );
  const marketCounts = new Uint32Array(4);
  countRows(rows, market, marketCounts);

  it.each([
    ['sparse', 'in JavaScript', Array.from({ length: 10 }, (_, d) => d * 7)],
    ['dense (complement path)', 'in JavaScript', Array.from({ length: 80 }, (_, d) => d + 5)],
    ['sparse', 'in a counting memory', Array.from({ length: 10 }, (_, d) => d * 7)],
    ['dense (complement path)', 'in a counting memory', Array.from({ length: 80 }, (_, d) => d + 5)],
  ])('counting a %s context %s matches counting it directly', (_, where, members) => {
    const context = bitsOf(100, members);
    const direct = new Uint32Array(4);
    countRows(rows, context, direct);
    const complement = countsComplement(members.length, 90);
    const listed = new Uint32Array(100);
    const length = complement ? listBits(market, context, listed) : listBits(context, null, listed);
    expect(length).toBe(complement ? 90 - members.length : members.length);
    const counts = new Uint32Array(4);
    const counted =
      where === 'in JavaScript'
        ? rows
        : countedRows(
            Array.from({ length: 100 }, (_, d) => [...rows.items.subarray(rows.offsets[d], rows.offsets[d + 1])]),
            4,
          );
    countInContext(counted, listed.subarray(0, length), complement, marketCounts, counts, 4);
    expect([...counts]).toEqual([...direct]);
  });

  it('lists the documents of a bitset, less another, in ascending order', () => {
    const bits = bitsOf(100, [0, 31, 32, 63, 64, 99]);
    const out = new Uint32Array(100);
    expect([...out.subarray(0, listBits(bits, null, out))]).toEqual([0, 31, 32, 63, 64, 99]);
    expect([...out.subarray(0, listBits(bits, bitsOf(100, [31, 64]), out))]).toEqual([0, 32, 63, 99]);
  });

  it('counts a list as counting its bitset does', () => {
    const members = [1, 2, 3, 50, 97];
    const direct = new Uint32Array(4);
    countRows(rows, bitsOf(100, members), direct);
    const listed = new Uint32Array(4);
    countList(rows, Uint32Array.from(members), listed);
    expect([...listed]).toEqual([...direct]);
  });
});
