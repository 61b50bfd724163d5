const COMBINING_MARKS = /\p{M}+/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range starts at NUL; this is no control-character check
const ASCII_ONLY = /^[\x00-\x7f]*$/;

/**
 * Letters that Unicode does not decompose into a base letter plus marks, folded as Lucene's `asciifolding`
 * folds them. This table is the one source for both engines: the embedded engine applies it here, and the
 * Elasticsearch adapter turns it into a `mapping` char filter (shared/search/elasticsearch/analysis-settings).
 * It is applied before stemming (see foldLetters), so Elasticsearch can apply it as a char filter.
 */
export const FOLD_TABLE: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  ø: 'o',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ħ: 'h',
  ı: 'i',
  ŧ: 't',
};

const TABLE_LETTERS = new RegExp(`[${Object.keys(FOLD_TABLE).join('')}]`, 'gu');

/** Replaces the table's letters in lower-cased text; everything else is left for the stemmer and fold. */
export function foldLetters(lower: string): string {
  if (ASCII_ONLY.test(lower)) return lower;
  return lower.replace(TABLE_LETTERS, (letter) => FOLD_TABLE[letter] ?? letter);
}

/**
 * Case and accent folding shared by indexing and querying: "Größe" -> "grosse", "Blå" -> "bla", "Ørsted" -> "orsted".
 * Accents are stripped after stemming so the stemmers still see å, ä, ö and ü.
 */
export function fold(text: string): string {
  const lower = text.toLowerCase();
  if (ASCII_ONLY.test(lower)) return lower;
  return foldLetters(lower).normalize('NFD').replace(COMBINING_MARKS, '').normalize('NFC');
}

/** The folded query that facet labels are matched against (search-in-facet and suggest); empty matches no label. */
export function foldedNeedle(q: string): string {
  return fold(q.trim());
}

/** What a facet value is matched on: its folded label, or its folded value key where it has no label. */
export function foldedLabel(value: string, label: string | null | undefined): string {
  return fold(label ?? value);
}
