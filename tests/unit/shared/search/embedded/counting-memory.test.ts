import { countList } from '../../../../../shared/search/embedded/query/facet-count';
import { CountingMemory, fitsCountingMemory } from '../../../../../shared/search/embedded/wasm/counting-memory';
import { countedRows } from '../../../../support/counted-rows';

/** A seeded generator (mulberry32), so a failure repeats. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('CountingMemory', () => {
  it('counts each listed document’s values, as counting in JavaScript does', () => {
    const random = seeded(7);
    for (let round = 0; round < 20; round++) {
      const size = 1 + Math.floor(random() * 300);
      const docs = Math.floor(random() * 2000);
      const rows = countedRows(
        Array.from({ length: docs }, () =>
          Array.from({ length: Math.floor(random() * 12) }, () => Math.floor(random() * size)),
        ),
        size,
        4 * Math.floor(random() * 100),
      );
      const listed = Array.from({ length: docs }, (_, d) => d).filter(() => random() < 0.4);
      rows.counting.list.set(listed);
      const expected = new Uint32Array(size);
      countList(rows, Uint32Array.from(listed), expected);
      expect(rows.counting.count(rows, listed.length, size)).toEqual(expected);
    }
  });

  it('zeroes the counters before each count, and counts nothing for no documents', () => {
    const rows = countedRows([[0, 1], [1], [], [2, 2]], 3);
    rows.counting.list.set([0, 1, 3]);
    expect([...rows.counting.count(rows, 3, 3)]).toEqual([1, 2, 2]);
    expect([...rows.counting.count(rows, 2, 3)]).toEqual([1, 2, 0]);
    expect([...rows.counting.count(rows, 0, 3)]).toEqual([0, 0, 0]);
    expect([...rows.counting.count(rows, 3, 2)]).toEqual([1, 2]);
  });

  it('holds rows of no document and no value', () => {
    const rows = countedRows([], 0);
    expect(rows.counting.count(rows, 0, 0).length).toBe(0);
  });

  it('refuses rows of another memory, more counters than it has, and data past 32-bit addresses', () => {
    const rows = countedRows([[0], [1]], 2);
    const other = countedRows([[0], [1]], 2);
    expect(() => rows.counting.count(other, 2, 2)).toThrow('not in');
    expect(() => rows.counting.count(rows, 2, 3)).toThrow('3 counters');
    expect(fitsCountingMemory(2 ** 31, 1_000_000, 1000)).toBe(true);
    expect(fitsCountingMemory(2 ** 32, 1, 1)).toBe(false);
    expect(() => new CountingMemory(2 ** 32, 1, 1)).toThrow('exceed a 32-bit memory');
  });
});
