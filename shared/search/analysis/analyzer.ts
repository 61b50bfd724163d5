import { fold, foldLetters } from './fold';
import { createStemmer } from './stemmer';
import { tokenize } from './tokenize';
import { WordMemo } from './word-memo';

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

/** The bytes of analysed words an analyzer keeps (WordMemo): a few hundred thousand distinct words. */
export const WORD_MEMO_BYTES = 16 * 1024 * 1024;

/**
 * Builds the analyzer of a language; each call has its own stem memo and word memo (no shared module state). A
 * word's analysis depends on the word alone, so the tokens of a word seen before are the same objects: read only.
 */
export function createAnalyzer(language: string, memoBytes = WORD_MEMO_BYTES): Analyzer {
  const stem = createStemmer(language);
  // The fold table goes before the stemmer, as Elasticsearch's char filter does (see FOLD_TABLE).
  const termOf = (lowerWord: string): string => fold(stem(foldLetters(lowerWord)));
  const memo = new WordMemo<AnalyzedToken>(memoBytes, (t) => t.surface.length + t.term.length);
  const analyzeWord = (word: string): AnalyzedToken =>
    memo.get(word) ?? memo.put(word, { surface: fold(word), term: termOf(word) });
  return { language, termOf, analyze: (text) => tokenize(text).map(analyzeWord) };
}

/** SKU analysis: the folded words, plus the whole SKU without separators so "AB-12" also matches "ab12". */
export function analyzeSku(sku: string): string[] {
  const words = tokenize(sku).map(fold);
  if (words.length > 1) words.push(words.join(''));
  return words;
}
