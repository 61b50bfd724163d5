import { tokenize } from '../../analysis/tokenize';
import { TYPO_WEIGHT } from '../../analysis/typo-variants';
import { andInto } from '../bitset';
import { scoreTerm } from './bm25';
import type { IndexRuntime } from './index-runtime';
import { segmentField, type FieldName, type TextStats, type WordExpansion } from './text-stats';

/** The expansions of the words of a query text, or null when it has no words. */
export function expandText(stats: TextStats, language: string, text: string): WordExpansion[] | null {
  const words = tokenize(text);
  return words.length === 0 ? null : words.map((word) => stats.expand(language, word));
}

/**
 * Writes into `out` the segment's documents matching every word (in name, brand, description or SKU), and
 * accumulates their BM25F scores in the segment's score buffer, in the order a single build adds them (word,
 * then field, then exact before typos), so equal documents get bit-identical scores in any segment.
 * Deleted documents may be marked too: callers AND with the segment's market, which excludes them.
 */
export function matchText(segment: IndexRuntime, stats: TextStats, language: string, words: readonly WordExpansion[], out: Uint32Array): void {
  const { data, scratch } = segment;
  scratch.scores.fill(0);
  const wordBits = scratch.acquire();
  const hasLanguage = data.text.has(language);
  words.forEach((word, i) => {
    wordBits.fill(0);
    if (hasLanguage) {
      for (const field of ['name', 'brand', 'description'] as const) {
        const boost = data.boosts[field];
        scoreField(segment, stats, language, field, word.exact, boost, wordBits);
        for (const typo of word.typos) scoreField(segment, stats, language, field, typo, boost * TYPO_WEIGHT, wordBits);
      }
    }
    scoreField(segment, stats, language, 'sku', word.sku, data.boosts.sku, wordBits);
    if (i === 0) out.set(wordBits);
    else andInto(out, wordBits);
  });
}

function scoreField(segment: IndexRuntime, stats: TextStats, language: string, name: FieldName, term: string, weight: number, matched: Uint32Array): void {
  const found = segmentField(segment.data, language, name);
  const id = found?.termIds.get(term);
  if (found === null || id === undefined) return;
  const termStats = { docCount: stats.docCount, df: stats.df(language, name, term), avgLength: stats.avgLength(language, name) };
  scoreTerm(found.field, id, termStats, weight, segment.scratch.scores, matched);
}
