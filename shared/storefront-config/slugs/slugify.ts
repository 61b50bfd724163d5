import { fold } from '../../search/analysis/fold';

// Letters that Unicode does not decompose into a base letter and a mark, spelt as URLs usually spell them.
const TRANSLITERATIONS: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };
const TRANSLITERATED = new RegExp(`[${Object.keys(TRANSLITERATIONS).join('')}]`, 'gu');

/**
 * A URL- and filter-safe key from display text: folded and transliterated, runs of anything but letters and
 * digits become one hyphen ("Café Crème" -> "cafe-creme", "Smørbrød" -> "smorbrod"). Text with no letters
 * or digits keys by its code points, so distinct values never collapse into one empty key.
 */
export function slugify(text: string): string {
  const slug = fold(text)
    .replace(TRANSLITERATED, (c) => TRANSLITERATIONS[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  if (slug !== '') return slug;
  return `u${[...text].map((c) => c.codePointAt(0)?.toString(16) ?? '').join('-')}`;
}
