import { fold } from '../../shared/search/analysis/fold';

/**
 * A URL- and filter-safe key from display text: folded, runs of anything but letters and digits become one
 * hyphen ("Marinblå T-shirt" -> "marinbla-t-shirt"). Text with no letters or digits keys by its code points,
 * so distinct values never collapse into one empty key.
 */
export function slugify(text: string): string {
  const slug = fold(text).replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
  if (slug !== '') return slug;
  return `u${[...text].map((c) => c.codePointAt(0)?.toString(16) ?? '').join('-')}`;
}
