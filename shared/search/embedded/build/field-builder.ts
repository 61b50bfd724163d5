import type { TextField } from '../index-data';
import { GrowableU32 } from './growable';
import { groupByRow } from './rows';

const MAX_FREQ = 255;
const MAX_LENGTH = 65535;

/** BM25's average field length; a full build and a delta's statistics both compute it here, so they agree bit for bit. */
export function averageLength(totalLength: number, docCount: number): number {
  return docCount === 0 ? 0 : Math.max(totalLength / docCount, 1);
}

/** Accumulates one text field's postings document by document (documents must arrive in ordinal order). */
export class FieldBuilder {
  private readonly termOf = new GrowableU32();
  private readonly docs = new GrowableU32();
  private readonly freqs = new GrowableU32();
  private readonly lastDoc: number[] = [];
  private readonly slot: number[] = [];
  private readonly lengths: Uint16Array;
  private totalLength = 0;

  constructor(private readonly docCount: number) {
    this.lengths = new Uint16Array(docCount);
  }

  /** Adds the analysed term ids of one document's field, counting repeats as term frequency. */
  add(doc: number, termIds: readonly number[]): void {
    for (const t of termIds) {
      while (this.lastDoc.length <= t) {
        this.lastDoc.push(-1);
        this.slot.push(0);
      }
      if (this.lastDoc[t] === doc) {
        const at = this.slot[t] as number;
        if (this.freqs.get(at) < MAX_FREQ) this.freqs.increment(at);
        continue;
      }
      this.lastDoc[t] = doc;
      this.slot[t] = this.docs.length;
      this.termOf.push(t);
      this.docs.push(doc);
      this.freqs.push(1);
    }
    const length = Math.min(termIds.length, MAX_LENGTH);
    this.lengths[doc] = length;
    this.totalLength += length;
  }

  /** Freezes the postings for a dictionary of `termCount` terms; `renumber` maps the ids added to final term ids. */
  finish(termCount: number, renumber?: Uint32Array): TextField {
    if (renumber !== undefined)
      for (let k = 0; k < this.termOf.length; k++) this.termOf.set(k, renumber[this.termOf.get(k)] as number);
    const grouped = groupByRow(termCount, this.termOf, this.docs, this.freqs);
    return {
      postings: grouped.rows,
      freqs: Uint8Array.from(grouped.extras),
      lengths: this.lengths,
      totalLength: this.totalLength,
      avgLength: averageLength(this.totalLength, this.docCount),
    };
  }
}
