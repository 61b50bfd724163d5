const WORD = /[\p{L}\p{N}]+/gu;

/** Lower-cased words of a text (letters and digits; everything else separates), accents kept for stemming. */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}
