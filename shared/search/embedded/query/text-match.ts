import { tokenize } from '../../analysis/tokenize';
import { TYPO_WEIGHT } from '../../analysis/typo-variants';
import { andInto, setList } from '../bitset';
import { scoringTerm, type ScoringTerm } from './bm25';
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
 * Writes into `out` the segment's documents matching every word (in name, brand, description or SKU) and returns
 * every word's scoring terms in order, for scoring later only what must be scored (see bm25.ts): scores summed
 * in this order are bit-identical to a full build's. Deleted documents may be marked: callers AND with the
 * segment's market, which excludes them.
 */
export function matchText(
  segment: IndexRuntime,
  stats: TextStats,
  language: string,
  words: readonly WordExpansion[],
  out: Uint32Array,
): ScoringTerm[] {
  const wordBits = segment.scratch.acquire();
  const all: ScoringTerm[] = [];
  words.forEach((word, i) => {
    wordBits.fill(0);
    for (const t of wordTerms(segment, stats, language, word)) {
      setList(wordBits, t.field.postings.items, t.from, t.to);
      all.push(t);
    }
    if (i === 0) out.set(wordBits);
    else andInto(out, wordBits);
  });
  return all;
}
