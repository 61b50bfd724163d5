const WORD = /[\p{L}\p{N}]+/gu;
const COMBINING_DOT = /\u0307/g;

/**
 * Lower-case of one word letter by letter, as Lucene's lowercase filter does it: JavaScript's full case mapping
 * turns İ into "i" plus a combining dot, which Elasticsearch never produces (and which would split the word).
 * A combining dot cannot otherwise be inside a word, as marks separate words.
 */
function lowerWord(word: string): string {
  const lower = word.toLowerCase();
  return lower.includes('\u0307') ? lower.replace(COMBINING_DOT, '') : lower;
}

/**
 * Lower-cased words of a text (letters and digits; everything else separates), accents kept for stemming.
 * Words are cut before lower-casing, like Elasticsearch's pattern tokenizer ahead of its lowercase filter.
 */
export function tokenize(text: string): string[] {
  return (text.match(WORD) ?? []).map(lowerWord);
}
