import { textClauses } from '../../merchandising';
import type { SearchRequest } from '../../search-request';
import { andInto, orInto, setList } from '../bitset';
import type { ScoringTerm } from './bm25';
import type { IndexRuntime } from './index-runtime';
import { expandText, matchText, wordTerms } from './text-match';
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
  return { kind: 'clauses', clauses: clauses.map((alternatives) => alternatives.map((words) => words.map((word) => stats.expand(request.language, word)))) };
}

/** Writes the segment's documents matching the text into `out`; returns the scoring terms (see matchText). */
export function matchQuery(segment: IndexRuntime, stats: TextStats, language: string, text: QueryText, out: Uint32Array): ScoringTerm[] {
  if (text.kind === 'words') return matchText(segment, stats, language, text.words, out);
  return matchClauses(segment, stats, language, text.clauses, out);
}

/**
 * Writes into `out` the documents matching every clause (some alternative of it, every word of that
 * alternative) and returns the scoring terms of every word of every alternative, in order. The terms of a
 * word of a multi-word alternative carry the alternative's documents as their mask: a document holding only
 * some of its words gets nothing from them. A term in several alternatives is a term of each, scored once per
 * alternative (as Elasticsearch sums the clauses of a bool should).
 */
export function matchClauses(segment: IndexRuntime, stats: TextStats, language: string, clauses: readonly (readonly (readonly WordExpansion[])[])[], out: Uint32Array): ScoringTerm[] {
  const clauseBits = segment.scratch.acquire();
  const wordBits = segment.scratch.acquire();
  const all: ScoringTerm[] = [];
  clauses.forEach((alternatives, i) => {
    clauseBits.fill(0);
    for (const words of alternatives) addAlternative(segment, stats, language, words, { clauseBits, wordBits, all });
    if (i === 0) out.set(clauseBits);
    else andInto(out, clauseBits);
  });
  return all;
}

interface ClauseState {
  /** Documents matching some alternative of the clause so far. */
  clauseBits: Uint32Array;
  /** Work buffer for one word's documents. */
  wordBits: Uint32Array;
  /** Scoring terms of the text so far. */
  all: ScoringTerm[];
}

function addAlternative(segment: IndexRuntime, stats: TextStats, language: string, words: readonly WordExpansion[], state: ClauseState): void {
  const only = words.length === 1 ? words[0] : undefined;
  if (only !== undefined) {
    // A word alone matches exactly where its terms are: no mask needed.
    for (const t of wordTerms(segment, stats, language, only)) {
      setList(state.clauseBits, t.field.postings.items, t.from, t.to);
      state.all.push(t);
    }
    return;
  }
  // Held until the query ends: scoring, later, reads it.
  const mask = segment.scratch.acquire();
  const terms: ScoringTerm[] = [];
  words.forEach((word, i) => {
    state.wordBits.fill(0);
    for (const t of wordTerms(segment, stats, language, word)) {
      setList(state.wordBits, t.field.postings.items, t.from, t.to);
      t.mask = mask;
      terms.push(t);
    }
    if (i === 0) mask.set(state.wordBits);
    else andInto(mask, state.wordBits);
  });
  orInto(state.clauseBits, mask);
  for (const t of terms) state.all.push(t);
}
