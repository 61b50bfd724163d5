import { fold, foldLetters } from './fold';
import { createStemmer } from './stemmer';
import { tokenize } from './tokenize';

/** One analysed word: `surface` is the folded word (suggest, typo lookup), `term` its folded stem (matching). */
export interface AnalyzedToken {
  surface: string;
  term: string;
}

/** Language-specific analysis used identically at index and query time. */
export interface Analyzer {
  readonly language: string;
  analyze(text: string): AnalyzedToken[];
  /** Folded stem of one already lower-cased word. */
  termOf(lowerWord: string): string;
}

/** Builds the analyzer of a language; each call has its own stem memo (no shared module state). */
export function createAnalyzer(language: string): Analyzer {
  const stem = createStemmer(language);
  // The fold table goes before the stemmer, as Elasticsearch's char filter does (see FOLD_TABLE).
  const termOf = (lowerWord: string): string => fold(stem(foldLetters(lowerWord)));
  return {
    language,
    termOf,
    analyze: (text) => tokenize(text).map((word) => ({ surface: fold(word), term: termOf(word) })),
  };
}

/** SKU analysis: the folded words, plus the whole SKU without separators so "AB-12" also matches "ab12". */
export function analyzeSku(sku: string): string[] {
  const words = tokenize(sku).map(fold);
  if (words.length > 1) words.push(words.join(''));
  return words;
}
