import type { Rows } from '../index-data';
import { COUNT_ROWS_WASM } from './count-rows-wasm';

const PAGE_BYTES = 65_536;
/** The most a 32-bit memory addresses. */
const MAX_PAGES = 65_536;

// Compiled once per process: the module is a few hundred bytes.
let compiled: WebAssembly.Module | undefined;
const countRowsModule = (): WebAssembly.Module => {
  compiled ??= new WebAssembly.Module(Buffer.from(COUNT_ROWS_WASM, 'base64'));
  return compiled;
};

type CountList = (offsets: number, items: number, list: number, n: number, counts: number) => void;

/** Whether `bytes` of data and the counting scratch of `docCount` documents and `counters` fit one memory. */
export const fitsCountingMemory = (bytes: number, docCount: number, counters: number): boolean =>
  pagesFor(bytes, docCount, counters) <= MAX_PAGES;

const pagesFor = (bytes: number, docCount: number, counters: number): number =>
  Math.ceil((alignedTo8(bytes) + (docCount + counters) * 4) / PAGE_BYTES);

const alignedTo8 = (n: number): number => Math.ceil(n / 8) * 8;

/**
 * A WebAssembly memory where rows are counted: its data (rows, or a snapshot's packed arrays holding rows) first,
 * then a list of documents and the counters. Counting a context is adding one per value of each listed document's
 * row; compiled, that loop runs about 2.5 times as fast as in JavaScript, whose typed-array stores are
 * bounds-checked one by one. Rows whose arrays are views of `data` carry the memory (Rows.counting).
 */
export class CountingMemory {
  /** The data region: views of it are what this memory counts. */
  readonly data: Uint8Array;
  /** Where a context's documents are written (ascending) before `count`. */
  readonly list: Uint32Array;
  private readonly counters: Uint32Array;
  private readonly countList: CountList;

  /** `bytes` of data, then a list of `docCount` documents and `counters` counters (see fitsCountingMemory). */
  constructor(bytes: number, docCount: number, counters: number) {
    const pages = pagesFor(bytes, docCount, counters);
    if (pages > MAX_PAGES) throw new Error(`${bytes} bytes of rows exceed a 32-bit memory`);
    const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
    const instance = new WebAssembly.Instance(countRowsModule(), { env: { memory } });
    this.countList = instance.exports.countList as CountList;
    this.data = new Uint8Array(memory.buffer, 0, bytes);
    this.list = new Uint32Array(memory.buffer, alignedTo8(bytes), docCount);
    this.counters = new Uint32Array(memory.buffer, this.list.byteOffset + docCount * 4, counters);
  }

  /** A Uint32Array of `length` in the data region, at byte `offset` (a multiple of 4). */
  u32(offset: number, length: number): Uint32Array {
    return new Uint32Array(this.data.buffer, offset, length);
  }

  /**
   * The counts of `size` values (zeroed first) over the rows' values of the first `n` documents of `list`. The rows
   * must be views of this memory's data, and their values below `size`; the counts are valid until the next count.
   */
  count(rows: Rows, n: number, size: number): Uint32Array {
    if (rows.offsets.buffer !== this.data.buffer || rows.items.buffer !== this.data.buffer)
      throw new Error('rows counted in a memory they are not in');
    if (size > this.counters.length) throw new Error(`${size} counters asked of a memory of ${this.counters.length}`);
    const counts = this.counters.subarray(0, size);
    counts.fill(0);
    this.countList(rows.offsets.byteOffset, rows.items.byteOffset, this.list.byteOffset, n, counts.byteOffset);
    return counts;
  }
}
