import type { TextField } from '../index-data';
import { GrowableU32 } from './growable';
import { groupByRow } from './rows';

const MAX_FREQ = 255;
const MAX_LENGTH = 65535;

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
    this.lengths[doc] = Math.min(termIds.length, MAX_LENGTH);
    this.totalLength += termIds.length;
  }

  /** Freezes the postings for a dictionary of `termCount` terms. */
  finish(termCount: number): TextField {
    const grouped = groupByRow(termCount, this.termOf, this.docs, this.freqs);
    return {
      postings: grouped.rows,
      freqs: Uint8Array.from(grouped.extras),
      lengths: this.lengths,
      avgLength: this.docCount === 0 ? 0 : Math.max(this.totalLength / this.docCount, 1),
    };
  }
}
