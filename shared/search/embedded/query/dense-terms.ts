import { createBitset, setList } from '../bitset';
import type { IndexData, LanguageText, Rows } from '../index-data';

/**
 * A term is dense when its postings in a language's three text fields (name, brand, description) number at least
 * one per this many documents: its bitset is then no bigger than those postings.
 */
export const DENSE_SHARE = 32;

const rowLength = (rows: Rows, row: number): number =>
  row + 1 < rows.offsets.length ? (rows.offsets[row + 1] as number) - (rows.offsets[row] as number) : 0;

/** The three text fields of a language, in the order a word's terms are added (wordTerms). */
export const textFields = (text: LanguageText) => [text.name, text.brand, text.description] as const;

/**
 * Per language, the documents holding a dense term in any of its three text fields, as a bitset over the
 * segment, built the first time a query asks and kept (the data is immutable). Matching a common word then copies
 * or ANDs its bitset, a pass over the segment's words, instead of setting each of its tens of thousands of
 * postings (Q3's "leather" and "jacket": 23,000 postings at 100k). Only dense terms get one, so the bitsets never
 * hold more bytes than those terms' postings (`bytes` says how many they hold). Deleted documents may be set, as
 * in the postings: callers AND with a market.
 */
export class DenseTerms {
  private readonly built = new Map<string, Map<number, Uint32Array>>();
  private held = 0;

  constructor(private readonly data: IndexData) {}

  /** Bytes of the bitsets built so far. */
  get bytes(): number {
    return this.held;
  }

  /** The term's documents in the language's three text fields, or null when the term is not dense there. */
  docs(language: string, term: number): Uint32Array | null {
    const text = this.data.text.get(language);
    if (text === undefined) return null;
    let terms = this.built.get(language);
    const known = terms?.get(term);
    if (known !== undefined) return known;
    const fields = textFields(text);
    let postings = 0;
    for (const field of fields) postings += rowLength(field.postings, term);
    if (postings * DENSE_SHARE < this.data.docCount) return null;
    const bits = createBitset(this.data.docCount);
    for (const { postings: rows } of fields)
      if (rowLength(rows, term) > 0)
        setList(bits, rows.items, rows.offsets[term] as number, rows.offsets[term + 1] as number);
    if (terms === undefined) {
      terms = new Map();
      this.built.set(language, terms);
    }
    terms.set(term, bits);
    this.held += bits.byteLength;
    return bits;
  }
}
