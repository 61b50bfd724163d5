import { textClauses } from '../../merchandising';
import type { SearchRequest } from '../../search-request';
import { andInto, orInto, setList } from '../bitset';
import type { ScoringTerm } from './bm25';
import type { IndexRuntime } from './index-runtime';
import { expandText, matchText, wordDocs, type WordDocs } from './text-match';
import type { TextStats, WordExpansion } from './text-stats';

/**
 * A request's text as the engine matches it: plain words (every one required), or, with synonym rewrites,
 * clauses of alternatives of words (see textClauses). Plain words keep the path they had before synonyms.
 */
export type QueryText = { kind: 'words'; words: WordExpansion[] } | { kind: 'clauses'; clauses: WordExpansion[][][] };

/** The expanded text of a request, or null when it has no words (a listing). */
export function expandQuery(stats: TextStats, request: SearchRequest): QueryText | null {
  if (request.synonyms === undefined || request.synonyms.length === 0) {
    const words = expandText(stats, request.language, request.text ?? '');
    return words === null ? null : { kind: 'words', words };
  }
  const clauses = textClauses(request.text, request.synonyms);
  if (clauses.length === 0) return null;
  return {
    kind: 'clauses',
    clauses: clauses.map((alternatives) =>
      alternatives.map((words) => words.map((word) => stats.expand(request.language, word))),
    ),
  };
}

/** Writes the segment's documents matching the text into `out`; returns the scoring terms (see matchText). */
export function matchQuery(
  segment: IndexRuntime,
  stats: TextStats,
  language: string,
  text: QueryText,
  out: Uint32Array,
): ScoringTerm[] {
  if (text.kind === 'words') return matchText(segment, stats, language, text.words, out);
  return matchClauses(segment, stats, language, text.clauses, out);
}

/**
 * Writes into `out` the documents matching every clause (some alternative of it, every word of that
 * alternative) and returns the scoring terms of every word of every alternative, in order. The terms of a
 * word of a multi-word alternative carry the alternative's documents as their mask: a document holding only
 * some of its words gets nothing from them. A term in several alternatives is a term of each, scored once per
 * alternative (as Elasticsearch sums the clauses of a bool should). An alternative with a word the segment
 * lacks matches nothing there and is left out: its other words' terms would carry an empty mask, which scores
 * nothing, so scores are unchanged; a synonym the catalogue never uses then costs its lookups only.
 */
export function matchClauses(
  segment: IndexRuntime,
  stats: TextStats,
  language: string,
  clauses: readonly (readonly (readonly WordExpansion[])[])[],
  out: Uint32Array,
): ScoringTerm[] {
  const clauseBits = segment.scratch.acquire();
  let wordBits: Uint32Array | null = null;
  const buffer = () => (wordBits ??= segment.scratch.acquire());
  const all: ScoringTerm[] = [];
  clauses.forEach((alternatives, i) => {
    // The first clause is written straight into `out`: one copy of a whole bitset fewer.
    const target = i === 0 ? out : clauseBits;
    target.fill(0);
    for (const words of alternatives) {
      const docs = words.map((word) => wordDocs(segment, stats, language, word));
      if (docs.every((word) => word.terms.length > 0)) addAlternative(segment, docs, { target, all, buffer });
    }
    if (i > 0) andInto(out, clauseBits);
  });
  return all;
}

interface ClauseState {
  /** Documents matching some alternative of the clause so far. */
  target: Uint32Array;
  /** Scoring terms of the text so far. */
  all: ScoringTerm[];
  /** A work buffer for one word's documents, acquired once a multi-word alternative needs it. */
  buffer: () => Uint32Array;
}

/**
 * ORs one alternative's documents into the clause's and appends its terms (masked when it has several words). A
 * dense word's documents come from its bitset (see WordDocs), as they do for plain words.
 */
function addAlternative(segment: IndexRuntime, words: readonly WordDocs[], { target, all, buffer }: ClauseState): void {
  const [only] = words;
  if (words.length === 1 && only !== undefined) {
    // A word alone matches exactly where its terms are: no mask needed.
    if (only.dense !== null) orInto(target, only.dense);
    setRest(target, only);
    all.push(...only.terms);
    return;
  }
  // Held until the query ends: scoring, later, reads it.
  const mask = segment.scratch.acquire();
  words.forEach((word, i) => {
    // The first word is written straight into the mask, the others through a buffer of the scratch's.
    const bits = i === 0 ? mask : buffer();
    if (word.dense === null) bits.fill(0);
    else bits.set(word.dense);
    setRest(bits, word);
    if (i > 0) andInto(mask, bits);
  });
  orInto(target, mask);
  for (const word of words) {
    for (const t of word.terms) {
      t.mask = mask;
      all.push(t);
    }
  }
}

/** Sets the documents of a word's terms its dense bitset does not hold (all of them when it has none). */
function setRest(bits: Uint32Array, word: WordDocs): void {
  for (const t of word.rest) setList(bits, t.field.postings.items, t.from, t.to);
}
