/** How far a spelling candidate may be from the word (query correction). */
export const MAX_CORRECTION_EDITS = 2;
export const CORRECTION_CANDIDATES = 5;

/**
 * Spelling candidates for the words of a query, from the index's own dictionary of product-name words in
 * `language` (folded, not stemmed): what a query correction may offer.
 */
export interface SpellingRequest {
  words: string[];
  language: string;
}

/** One word: whether the dictionary has it as it is, and up to 5 other words within 2 edits, most frequent first. */
export interface WordSpelling {
  word: string;
  known: boolean;
  candidates: { term: string; edits: number; docFreq: number }[];
}

export interface SpellingResponse {
  words: WordSpelling[];
}

/** Orders candidates: more documents first, then fewer edits, then alphabetically. */
export const compareCandidates = (
  a: WordSpelling['candidates'][number],
  b: WordSpelling['candidates'][number],
): number => b.docFreq - a.docFreq || a.edits - b.edits || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0);
