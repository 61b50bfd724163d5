import { setBit } from '../bitset';
import type { TextField } from '../index-data';

const K1 = 1.2;
const B = 0.75;

/** Collection statistics of one term in one field, over the live documents of the whole index (every segment). */
export interface TermStats {
  docCount: number;
  df: number;
  avgLength: number;
}

/**
 * Adds the BM25 contribution of one term in one field to `scores`, weighted by `weight` (field boost times
 * exact/typo weight), and marks the documents in `matched`. The statistics are the whole index's, so a segment
 * scores its documents exactly as a single build of all documents would.
 */
export function scoreTerm(field: TextField, term: number, stats: TermStats, weight: number, scores: Float64Array, matched: Uint32Array): void {
  const offsets = field.postings.offsets;
  if (term + 1 >= offsets.length || stats.df === 0) return;
  const from = offsets[term] as number;
  const to = offsets[term + 1] as number;
  if (to === from) return;
  const df = stats.df;
  const idf = Math.log(1 + (stats.docCount - df + 0.5) / (df + 0.5));
  const docs = field.postings.items;
  const lengthNorm = K1 / stats.avgLength;
  const scale = weight * idf * (K1 + 1);
  for (let k = from; k < to; k++) {
    const d = docs[k] as number;
    const tf = field.freqs[k] as number;
    const norm = K1 * (1 - B) + B * (field.lengths[d] as number) * lengthNorm;
    scores[d] = (scores[d] as number) + (scale * tf) / (tf + norm);
    setBit(matched, d);
  }
}
