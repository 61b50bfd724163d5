import { tokenize } from '../../analysis/tokenize';
import { TYPO_WEIGHT } from '../../analysis/typo-variants';
import { andInto, hasBit, setBit, setList } from '../bitset';
import type { TextField } from '../index-data';
import { scoringTerm, type ScoringTerm } from './bm25';
import { textFields } from './dense-terms';
import type { IndexRuntime } from './index-runtime';
import { segmentField, type FieldName, type TextStats, type WordExpansion } from './text-stats';

/** The expansions of the words of a query text, or null when it has no words. */
export function expandText(stats: TextStats, language: string, text: string): WordExpansion[] | null {
  const words = tokenize(text);
  return words.length === 0 ? null : words.map((word) => stats.expand(language, word));
}

/** The scoring terms of one word in a segment, in the order a full build adds them: field, then exact before typos; SKU last. */
export function wordTerms(
  segment: IndexRuntime,
  stats: TextStats,
  language: string,
  word: WordExpansion,
): ScoringTerm[] {
  const terms: ScoringTerm[] = [];
  const add = (name: FieldName, term: string, weight: number) => {
    const found = segmentField(segment.data, language, name);
    const id = found?.termIds.get(term);
    if (found === null || id === undefined) return;
    const termStats = {
      docCount: stats.docCount,
      df: stats.df(language, name, term),
      avgLength: stats.avgLength(language, name),
    };
    const scoring = scoringTerm(found.field, id, termStats, weight);
    if (scoring !== null) terms.push(scoring);
  };
  const { data } = segment;
  if (data.text.has(language)) {
    for (const field of ['name', 'brand', 'description'] as const) {
      add(field, word.exact, data.boosts[field]);
      for (const typo of word.typos) add(field, typo, data.boosts[field] * TYPO_WEIGHT);
    }
  }
  add('sku', word.sku, data.boosts.sku);
  return terms;
}

/**
 * One word of a text in a segment: its scoring terms and, where the segment keeps one (a dense term, see
 * DenseTerms), the bitset of its exact term in the three text fields, with the terms that bitset does not hold.
 */
export interface WordDocs {
  terms: ScoringTerm[];
  dense: Uint32Array | null;
  /** The terms whose documents `dense` does not hold (typos, SKU): every term when there is no bitset. */
  rest: ScoringTerm[];
}

/** A word's terms and documents in a segment (see WordDocs). */
export function wordDocs(segment: IndexRuntime, stats: TextStats, language: string, word: WordExpansion): WordDocs {
  const terms = wordTerms(segment, stats, language, word);
  const text = segment.data.text.get(language);
  const id = text?.termIds.get(word.exact);
  const dense = text === undefined || id === undefined ? null : segment.denseTerms.docs(language, id);
  if (dense === null || text === undefined || id === undefined) return { terms, dense: null, rest: terms };
  // A term of a field is its postings' range there: a non-empty range starting where the exact term's does is it.
  const fields: readonly TextField[] = textFields(text);
  const held = (t: ScoringTerm) => fields.includes(t.field) && t.from === t.field.postings.offsets[id];
  return { terms, dense, rest: terms.filter((t) => !held(t)) };
}

/**
 * Writes into `out` the segment's documents matching every word (in name, brand, description or SKU) and returns
 * every word's scoring terms in order, for scoring later only what must be scored (see bm25.ts): scores summed
 * in this order are bit-identical to a full build's. Deleted documents may be marked: callers AND with the
 * segment's market, which excludes them. When the rarest word is selective, its documents are checked against
 * the other words one at a time (`conjoinRarest`); otherwise every word's documents go into a bitset and the
 * bitsets are intersected (`intersectWords`). A dense word's documents come from its bitset either way.
 */
export function matchText(
  segment: IndexRuntime,
  stats: TextStats,
  language: string,
  words: readonly WordExpansion[],
  out: Uint32Array,
): ScoringTerm[] {
  const perWord = words.map((word) => wordDocs(segment, stats, language, word));
  if (
    rarestIsSelective(
      perWord.map((w) => w.terms),
      out.length * 32,
    )
  )
    conjoinRarest(perWord, out);
  else intersectWords(segment, perWord, out);
  return perWord.flatMap((w) => w.terms);
}

/**
 * A word is selective when its postings are at most one in this many documents: checking each of them in the
 * other words (a bit of a dense word, else a binary search in its postings) then costs less than writing every
 * word's documents into bitsets over the whole segment and intersecting them.
 */
const SELECTIVE_SHARE = 32;

const postingCount = (terms: readonly ScoringTerm[]): number => terms.reduce((n, t) => n + t.to - t.from, 0);

/** Whether a text of several words has one selective enough to drive a document-at-a-time conjunction. */
export function rarestIsSelective(perWord: readonly (readonly ScoringTerm[])[], documents: number): boolean {
  return perWord.length > 1 && Math.min(...perWord.map(postingCount)) * SELECTIVE_SHARE <= documents;
}

/**
 * Term at a time: each word's documents into a bitset (a dense word's copied, or ANDed straight from its own
 * bitset, its other terms' postings set), intersected into `out`.
 */
export function intersectWords(segment: IndexRuntime, perWord: readonly WordDocs[], out: Uint32Array): void {
  let wordBits: Uint32Array | null = null;
  perWord.forEach((word, i) => {
    if (i > 0 && word.dense !== null && word.rest.length === 0) {
      andInto(out, word.dense);
      return;
    }
    if (i > 0 && wordBits === null) wordBits = segment.scratch.acquire();
    const target = i === 0 || wordBits === null ? out : wordBits;
    if (word.dense === null) target.fill(0);
    else target.set(word.dense);
    for (const t of word.rest) setList(target, t.field.postings.items, t.from, t.to);
    if (i > 0) andInto(out, target);
  });
}

/**
 * Document at a time: each document of the rarest word's postings is kept when every other word has it (in its
 * bitset, or in some term's postings: ascending, so a binary search each), as Lucene's conjunctions leapfrog:
 * the cost follows the rarest word's documents, not the segment's size or the common words' postings.
 */
export function conjoinRarest(perWord: readonly WordDocs[], out: Uint32Array): void {
  out.fill(0);
  const counts = perWord.map((w) => postingCount(w.terms));
  const rarest = counts.indexOf(Math.min(...counts));
  const others = perWord.filter((_, i) => i !== rarest);
  const has = (word: WordDocs, doc: number) =>
    (word.dense !== null && hasBit(word.dense, doc)) || word.rest.some((o) => holds(o, doc));
  for (const t of perWord[rarest]?.terms ?? []) {
    const items = t.field.postings.items;
    for (let k = t.from; k < t.to; k++) {
      const doc = items[k] as number;
      if (!hasBit(out, doc) && others.every((word) => has(word, doc))) setBit(out, doc);
    }
  }
}
/** Whether a term's postings (ascending document ordinals) hold `doc`. */
function holds(term: ScoringTerm, doc: number): boolean {
  const items = term.field.postings.items;
  let lo = term.from;
  let hi = term.to - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const found = items[mid] as number;
    if (found === doc) return true;
    if (found < doc) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
