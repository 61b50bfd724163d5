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

/**
 * Rows that count their values in WebAssembly: the rows, a list of documents to count and the counters share one
 * memory. Counting a context is adding one per value of each listed document's row; compiled, that loop runs about
 * 2.5 times as fast as in JavaScript, whose typed-array stores are bounds-checked one by one.
 */
export class WasmRows implements Rows {
  readonly offsets: Uint32Array;
  readonly items: Uint32Array;
  /** Where a context's documents are written (ascending) before `count`; as many entries as the rows' documents. */
  readonly list: Uint32Array;
  /** What `count` counts into: one counter per value id. */
  readonly counts: Uint32Array;
  private readonly countList: CountList;

  /** Rows of `offsets` (docCount + 1 entries, the last the item count) over `size` value ids; items left to fill. */
  constructor(offsets: Uint32Array, size: number) {
    const docCount = offsets.length - 1;
    const itemCount = offsets[docCount] as number;
    const words = [offsets.length, itemCount, docCount, size];
    const bytes = words.reduce((sum, n) => sum + n * 4, 0);
    const pages = Math.ceil(bytes / PAGE_BYTES);
    if (pages > MAX_PAGES) throw new Error(`rows of ${bytes} bytes exceed a 32-bit memory`);
    const memory = new WebAssembly.Memory({ initial: pages, maximum: pages });
    const instance = new WebAssembly.Instance(countRowsModule(), { env: { memory } });
    this.countList = instance.exports.countList as CountList;
    let at = 0;
    const view = (length: number): Uint32Array => {
      const out = new Uint32Array(memory.buffer, at, length);
      at += length * 4;
      return out;
    };
    this.offsets = view(offsets.length);
    this.offsets.set(offsets);
    this.items = view(itemCount);
    this.list = view(docCount);
    this.counts = view(size);
  }

  /** Zeroes the counters, then counts the values of the first `n` documents of `list`. */
  count(n: number): Uint32Array {
    this.counts.fill(0);
    this.countList(this.offsets.byteOffset, this.items.byteOffset, this.list.byteOffset, n, this.counts.byteOffset);
    return this.counts;
  }
}
