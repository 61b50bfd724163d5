import type { TextField } from '../index-data';
import type { IndexRuntime } from './index-runtime';

const K1 = 1.2;
const B = 0.75;

/** Collection statistics of one term in one field, over the live documents of the whole index (every segment). */
export interface TermStats {
  docCount: number;
  df: number;
  avgLength: number;
}

/** One term of one field of a segment with its BM25 constants: what scoring a document against it needs. */
export interface ScoringTerm {
  field: TextField;
  from: number;
  to: number;
  scale: number;
  lengthNorm: number;
  /**
   * The documents the term may score (null: every document holding it). A word of a multi-word synonym
   * alternative scores only where its whole alternative matches. Always present, so every term has one shape.
   */
  mask: Uint32Array | null;
}

/** A term's BM25 constants from whole-index statistics, weighted by `weight`; null when no live document has it. */
export function scoringTerm(field: TextField, term: number, stats: TermStats, weight: number): ScoringTerm | null {
  const offsets = field.postings.offsets;
  if (term + 1 >= offsets.length || stats.df === 0) return null;
  const from = offsets[term] as number;
  const to = offsets[term + 1] as number;
  if (to === from) return null;
  const idf = Math.log(1 + (stats.docCount - stats.df + 0.5) / (stats.df + 0.5));
  return { field, from, to, scale: weight * idf * (K1 + 1), lengthNorm: K1 / stats.avgLength, mask: null };
}

// One expression for both ways of scoring, so they agree to the last bit.
function contribution(t: ScoringTerm, tf: number, length: number): number {
  const norm = K1 * (1 - B) + B * length * t.lengthNorm;
  return (t.scale * tf) / (tf + norm);
}

/**
 * Scores every document of every posting list, term by term (in `terms` order, the order a full build adds them).
 * Cheapest when many documents match.
 */
export function scorePostings(segment: IndexRuntime, terms: readonly ScoringTerm[]): void {
  const scores = segment.scratch.scores;
  // Zeroing only the documents about to be scored beats clearing a buffer of the whole index (8 MB at 1M).
  for (const t of terms) for (let k = t.from; k < t.to; k++) scores[t.field.postings.items[k] as number] = 0;
  for (const t of terms) {
    if (t.mask !== null) {
      addMasked(scores, t, t.mask);
      continue;
    }
    const docs = t.field.postings.items;
    for (let k = t.from; k < t.to; k++) {
      const d = docs[k] as number;
      scores[d] = (scores[d] as number) + contribution(t, t.field.freqs[k] as number, t.field.lengths[d] as number);
    }
  }
}

// A loop of its own, so terms without a mask (every term of a query without synonyms) keep theirs unchanged.
function addMasked(scores: Float64Array, t: ScoringTerm, mask: Uint32Array): void {
  const docs = t.field.postings.items;
  for (let k = t.from; k < t.to; k++) {
    const d = docs[k] as number;
    if (((mask[d >>> 5] as number) & (1 << (d & 31))) === 0) continue;
    scores[d] = (scores[d] as number) + contribution(t, t.field.freqs[k] as number, t.field.lengths[d] as number);
  }
}

/** Scores only the given documents, finding each in every posting list by bisection: cheapest for few matches. */
export function scoreDocuments(segment: IndexRuntime, terms: readonly ScoringTerm[], docs: Iterable<number>): void {
  const scores = segment.scratch.scores;
  for (const d of docs) {
    let score = 0;
    for (const t of terms) {
      if (t.mask !== null && ((t.mask[d >>> 5] as number) & (1 << (d & 31))) === 0) continue;
      const k = find(t.field.postings.items, t.from, t.to, d);
      if (k >= 0) score = score + contribution(t, t.field.freqs[k] as number, t.field.lengths[d] as number);
    }
    scores[d] = score;
  }
}

function find(items: Uint32Array, from: number, to: number, d: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((items[mid] as number) < d) lo = mid + 1;
    else hi = mid;
  }
  return lo < to && items[lo] === d ? lo : -1;
}

/** Which way is cheaper for `matches` documents: bisecting each term's postings, or walking them all. */
export function scoreFewDocuments(terms: readonly ScoringTerm[], matches: number): boolean {
  let postings = 0;
  for (const t of terms) postings += t.to - t.from;
  return matches * terms.length * (Math.log2(postings / Math.max(terms.length, 1) + 1) + 2) < postings;
}
