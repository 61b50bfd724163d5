import { fold } from '../../analysis/fold';
import { tokenize } from '../../analysis/tokenize';
import { forEachOneEditVariant, MIN_TYPO_LENGTH, TYPO_WEIGHT } from '../../analysis/typo-variants';
import { andInto } from '../bitset';
import type { LanguageText } from '../index-data';
import { scoreTerm } from './bm25';
import type { IndexRuntime } from './index-runtime';

/** The terms one query word may match: exact stem first, then stems of surfaces one edit away. */
export interface WordTerms {
  exact: number;
  typos: number[];
  sku: number;
}

/**
 * Writes into `out` the documents matching every word of `text` (in name, brand, description or SKU), and
 * accumulates their BM25F scores in the runtime's score buffer. Returns false when `text` has no words.
 */
export function matchText(runtime: IndexRuntime, language: string, text: string, out: Uint32Array): boolean {
  const words = tokenize(text);
  if (words.length === 0) return false;
  const { data, scratch } = runtime;
  const lang = data.text.get(language);
  scratch.scores.fill(0);
  const wordBits = scratch.acquire();
  words.forEach((word, i) => {
    wordBits.fill(0);
    const terms = termsOf(runtime, lang, word);
    if (lang !== undefined) scoreWord(runtime, lang, terms, wordBits);
    if (terms.sku >= 0) scoreTerm(data.sku.field, terms.sku, data.docCount, data.boosts.sku, scratch.scores, wordBits);
    if (i === 0) out.set(wordBits);
    else andInto(out, wordBits);
  });
  return true;
}

function scoreWord(runtime: IndexRuntime, lang: LanguageText, terms: WordTerms, matched: Uint32Array): void {
  const { boosts, docCount } = runtime.data;
  const scores = runtime.scratch.scores;
  const fields = [
    [lang.name, boosts.name],
    [lang.brand, boosts.brand],
    [lang.description, boosts.description],
  ] as const;
  for (const [field, boost] of fields) {
    if (terms.exact >= 0) scoreTerm(field, terms.exact, docCount, boost, scores, matched);
    for (const typo of terms.typos) scoreTerm(field, typo, docCount, boost * TYPO_WEIGHT, scores, matched);
  }
}

function termsOf(runtime: IndexRuntime, lang: LanguageText | undefined, word: string): WordTerms {
  const cacheKey = `${lang?.language ?? ''}\u0000${word}`;
  const cached = runtime.wordTerms.get(cacheKey);
  if (cached !== undefined) return cached;
  const terms = expandWord(runtime, lang, word);
  runtime.wordTerms.set(cacheKey, terms);
  return terms;
}

function expandWord(runtime: IndexRuntime, lang: LanguageText | undefined, word: string): WordTerms {
  const surface = fold(word);
  const sku = runtime.data.sku.termIds.get(surface) ?? -1;
  if (lang === undefined) return { exact: -1, typos: [], sku };
  const exact = lang.termIds.get(runtime.analyzer(lang.language).termOf(word)) ?? -1;
  const typos: number[] = [];
  if (surface.length >= MIN_TYPO_LENGTH) {
    forEachOneEditVariant(surface, lang.alphabet, (variant) => {
      const id = lang.surfaceIds.get(variant);
      if (id === undefined) return;
      const term = lang.surfaceTerm[id] as number;
      if (term !== exact && !typos.includes(term)) typos.push(term);
    });
  }
  return { exact, typos, sku };
}
