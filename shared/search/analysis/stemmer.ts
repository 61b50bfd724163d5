import { newStemmer } from 'snowball-stemmers';

/** Snowball algorithm per supported language code; other languages are folded but not stemmed. */
const ALGORITHMS: Readonly<Record<string, string>> = { en: 'english', sv: 'swedish', de: 'german' };

/** Bounds the memo so a flood of unique query words cannot grow it forever. */
const MAX_MEMO = 500_000;

/** Maps a lower-cased word to its stem; memoised because Snowball costs ~5 µs a word and catalogues repeat words. */
export type Stem = (lowerWord: string) => string;

/**
 * The stemmed language a code selects ("de-AT" and "DE" -> "de"), or null when it is folded only. The one place
 * language codes are normalised: the embedded stemmers and the Elasticsearch analyzers both pick through it.
 */
export function stemmedLanguage(language: string): string | null {
  const base = language.toLowerCase().split(/[-_]/)[0] ?? '';
  return ALGORITHMS[base] === undefined ? null : base;
}

/** A memoising stemmer for a language code (e.g. "sv", "de-AT"); identity for unsupported languages. */
export function createStemmer(language: string): Stem {
  const stemmed = stemmedLanguage(language);
  const algorithm = stemmed === null ? undefined : ALGORITHMS[stemmed];
  if (algorithm === undefined) return (word) => word;
  const stemmer = newStemmer(algorithm);
  const memo = new Map<string, string>();
  return (word) => {
    const known = memo.get(word);
    if (known !== undefined) return known;
    if (memo.size >= MAX_MEMO) memo.clear();
    const stem = stemmer.stem(word);
    memo.set(word, stem);
    return stem;
  };
}
