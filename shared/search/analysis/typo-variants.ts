/** Query words shorter than this are never typo-corrected (contract: 5 or more letters). */
export const MIN_TYPO_LENGTH = 5;

/** A typo match counts for less than an exact one, so exact hits rank first (both engines use this weight). */
export const TYPO_WEIGHT = 0.4;

/**
 * Calls `visit` with every string one edit away from `word` (deletion, adjacent swap, and substitution or
 * insertion of a character from `alphabet`). Generating variants and looking each up costs a few hundred
 * hash lookups, which beats scanning a large vocabulary and needs no extra index memory. May repeat a variant.
 */
export function forEachOneEditVariant(word: string, alphabet: string, visit: (variant: string) => void): void {
  const n = word.length;
  for (let i = 0; i < n; i++) visit(word.slice(0, i) + word.slice(i + 1));
  for (let i = 0; i + 1 < n; i++) visit(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  for (let i = 0; i <= n; i++) {
    const head = word.slice(0, i);
    for (let c = 0; c < alphabet.length; c++) {
      const ch = alphabet[c] ?? '';
      visit(head + ch + word.slice(i));
      if (i < n && ch !== word[i]) visit(head + ch + word.slice(i + 1));
    }
  }
}
