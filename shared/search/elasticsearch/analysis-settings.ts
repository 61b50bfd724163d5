import type { estypes } from '@elastic/elasticsearch';
import { FOLD_TABLE } from '../analysis/fold';
import { stemmedLanguage } from '../analysis/stemmer';

/** Name of the char filter generated from the shared fold table (referenced by every analyzer in settings.json). */
export const FOLD_CHAR_FILTER = 'aisle_fold_table';

// Upper-case letters are looked up in the Latin blocks: the char filter runs before the lowercase filter, and
// some capitals (ẞ) are not what toUpperCase() of their small letter gives.
const LATIN_RANGES: readonly [number, number][] = [
  [0x00c0, 0x024f],
  [0x1e00, 0x1eff],
];

/**
 * `mapping` char filter rules ("ø => o") for every table letter and each capital that lower-cases to it, in
 * code point order. Elasticsearch applies them before tokenizing, which the JavaScript analyzer mirrors by
 * applying the table before stemming (https://www.elastic.co/guide/en/elasticsearch/reference/current/analysis-mapping-charfilter.html). Pure.
 */
export function foldCharFilterRules(table: Readonly<Record<string, string>> = FOLD_TABLE): string[] {
  const sources = new Map<string, string>(Object.entries(table));
  for (const [from, to] of LATIN_RANGES) {
    for (let code = from; code <= to; code++) {
      const ch = String.fromCodePoint(code);
      const replacement = table[ch.toLowerCase()];
      if (replacement !== undefined && !sources.has(ch)) sources.set(ch, replacement);
    }
  }
  return [...sources.entries()]
    .sort(([a], [b]) => (a.codePointAt(0) ?? 0) - (b.codePointAt(0) ?? 0))
    .map(([from, to]) => `${from} => ${to}`);
}

/** The char filter definition added to the analysis settings. Pure. */
export function foldCharFilter(): Record<string, estypes.AnalysisCharFilter> {
  return { [FOLD_CHAR_FILTER]: { type: 'mapping', mappings: foldCharFilterRules() } };
}

/**
 * The analyzer of a language's text fields: the stemmer its code selects through the same normalisation as the
 * embedded engine ("de-AT" and "DE" stem as German), else folding only. Pure.
 */
export function textAnalyzer(language: string): string {
  const stemmed = stemmedLanguage(language);
  return stemmed === null ? 'aisle_folded' : `aisle_${stemmed}`;
}
