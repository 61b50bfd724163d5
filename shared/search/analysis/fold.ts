const COMBINING_MARKS = /\p{M}+/gu;
const ASCII_ONLY = /^[\x00-\x7f]*$/;

/**
 * Case and accent folding shared by indexing and querying: "Größe" -> "grosse", "Blå" -> "bla".
 * Folding happens after stemming so the stemmers still see å, ä, ö and ü.
 */
export function fold(text: string): string {
  const lower = text.toLowerCase();
  if (ASCII_ONLY.test(lower)) return lower;
  return lower.replace(/ß/g, 'ss').normalize('NFD').replace(COMBINING_MARKS, '').normalize('NFC');
}

/** The folded query that facet labels are matched against (search-in-facet and suggest); empty matches no label. */
export function foldedNeedle(q: string): string {
  return fold(q.trim());
}

/** What a facet value is matched on: its folded label, or its folded value key where it has no label. */
export function foldedLabel(value: string, label: string | null | undefined): string {
  return fold(label ?? value);
}
