import { compareStrings } from '../compare';
import { partitionPoint } from './query/binary-search';
import { BoundedCache } from './query/bounded-cache';

/** Looks a term up in a dictionary: its id, or undefined. A Map is one; SortedStrings is another. */
export interface TermLookup {
  get(term: string): number | undefined;
}

/**
 * Strings in ascending code-unit order as one UTF-8 buffer plus offsets; the id of a string is its position.
 * Millions of SKU tokens cost one buffer instead of millions of heap strings and a Map built at every load.
 */
export class SortedStrings implements TermLookup {
  private readonly decoder = new TextDecoder();
  // A lookup decodes a string per probe (a few microseconds); queries repeat their words, each word is looked up
  // per segment and again for its frequency, and words no product holds (synonyms, typos) cost as much: -1 is absent.
  private readonly found = new BoundedCache<string, number>(10_000);

  constructor(
    readonly bytes: Uint8Array,
    readonly offsets: Float64Array,
  ) {}

  /** Encodes strings already sorted by compareStrings. */
  static of(sorted: readonly string[]): SortedStrings {
    const offsets = new Float64Array(sorted.length + 1);
    sorted.forEach((s, i) => {
      offsets[i + 1] = (offsets[i] as number) + Buffer.byteLength(s);
    });
    // Written in place: an encoded array per string was a small buffer to allocate and collect per SKU token.
    const bytes = new Uint8Array(offsets[sorted.length] as number);
    const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    sorted.forEach((s, i) => {
      view.write(s, offsets[i] as number);
    });
    return new SortedStrings(bytes, offsets);
  }

  get size(): number {
    return this.offsets.length - 1;
  }

  at(i: number): string {
    return this.decoder.decode(this.bytes.subarray(this.offsets[i] as number, this.offsets[i + 1] as number));
  }

  get(term: string): number | undefined {
    let id = this.found.get(term);
    if (id === undefined) {
      id = this.search(term);
      this.found.set(term, id);
    }
    return id < 0 ? undefined : id;
  }

  private search(term: string): number {
    const at = partitionPoint(this.size, (i) => compareStrings(this.at(i), term) < 0);
    return at < this.size && this.at(at) === term ? at : -1;
  }
}
