import { countList } from '../../../../../shared/search/embedded/query/facet-count';
import { WasmRows } from '../../../../../shared/search/embedded/wasm/wasm-rows';

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

/** WasmRows of `rows` (document -> value ids) over `size` value ids. */
function wasmRowsOf(rows: number[][], size: number): WasmRows {
  const offsets = new Uint32Array(rows.length + 1);
  rows.forEach((row, d) => {
    offsets[d + 1] = (offsets[d] as number) + row.length;
  });
  const wasm = new WasmRows(offsets, size);
  wasm.items.set(rows.flat());
  return wasm;
}

describe('WasmRows', () => {
  it('count each listed document’s values, as counting in JavaScript does', () => {
    const random = seeded(7);
    for (let round = 0; round < 20; round++) {
      const size = 1 + Math.floor(random() * 300);
      const docs = Math.floor(random() * 2000);
      const rows = Array.from({ length: docs }, () =>
        Array.from({ length: Math.floor(random() * 12) }, () => Math.floor(random() * size)),
      );
      const wasm = wasmRowsOf(rows, size);
      const listed = Array.from({ length: docs }, (_, d) => d).filter(() => random() < 0.4);
      wasm.list.set(listed);
      const expected = new Uint32Array(size);
      countList({ offsets: wasm.offsets, items: wasm.items }, Uint32Array.from(listed), expected);
      expect(wasm.count(listed.length)).toEqual(expected);
    }
  });

  it('zero their counters before each count, and count nothing for no documents', () => {
    const wasm = wasmRowsOf([[0, 1], [1], [], [2, 2]], 3);
    wasm.list.set([0, 1, 3]);
    expect([...wasm.count(3)]).toEqual([1, 2, 2]);
    expect([...wasm.count(2)]).toEqual([1, 2, 0]);
    expect([...wasm.count(0)]).toEqual([0, 0, 0]);
  });

  it('hold rows of no document and no value', () => {
    const wasm = new WasmRows(new Uint32Array(1), 0);
    expect([wasm.items.length, wasm.list.length, wasm.counts.length]).toEqual([0, 0, 0]);
    expect(wasm.count(0).length).toBe(0);
  });

  it('refuse rows a 32-bit memory cannot hold', () => {
    expect(() => new WasmRows(Uint32Array.from([0, 2 ** 30]), 1)).toThrow('exceed a 32-bit memory');
  });
});
