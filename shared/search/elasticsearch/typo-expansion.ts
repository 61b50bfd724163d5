import type { estypes } from '@elastic/elasticsearch';
import { createAnalyzer } from '../analysis/analyzer';
import { fold } from '../analysis/fold';
import { MIN_TYPO_LENGTH } from '../analysis/typo-variants';
import { isRecord } from '../is-record';
import { clauseWords, textClauses, type SynonymRewrite } from '../merchandising';
import { foldedTextField, type TextPart } from './es-fields';
import type { SearchBody } from './search-body';
import { EVERY_TERM_FREQ } from './spelling-body';

const PARTS: readonly TextPart[] = ['name', 'brand', 'description'];

/** Most one-edit neighbours asked for per word and field; a word rarely has more in a catalogue. */
export const TYPO_CANDIDATES = 50;

/** Query word (folded surface) -> folded stems of the words one edit away, its own stem excluded. */
export type TypoTerms = ReadonlyMap<string, readonly string[]>;

/**
 * The folded surfaces long enough for typo tolerance of every word the text clauses match on (the words of
 * each synonym alternative, not those a rewrite replaced), each once. Pure.
 */
export function typoWords(text: string | undefined, synonyms: readonly SynonymRewrite[] = []): string[] {
  return [...new Set(clauseWords(textClauses(text, synonyms)).map(fold))].filter(
    (surface) => surface.length >= MIN_TYPO_LENGTH,
  );
}

const suggestionName = (word: number, part: TextPart): string => `typo_${word}_${part}`;

/**
 * One request finding, per query word, the indexed words one edit away: a term suggester per word and text
 * field on the folded sub-field (max_edits 1, no required prefix, every candidate however common). The
 * embedded engine then matches the stems of those words; `_terms_enum` cannot do this (prefixes only, keyword
 * fields only). The default accuracy (0.5) keeps every one-edit candidate of a 5+ letter word (similarity
 * 1 - 1/length). https://www.elastic.co/guide/en/elasticsearch/reference/8.18/search-suggesters.html#term-suggester Pure.
 */
export function buildTypoSuggestBody(words: readonly string[], language: string): SearchBody {
  const suggest: estypes.SearchSuggester = {};
  words.forEach((word, i) => {
    for (const part of PARTS) {
      suggest[suggestionName(i, part)] = {
        text: word,
        term: {
          field: foldedTextField(language, part),
          max_edits: 1,
          prefix_length: 0,
          min_word_length: MIN_TYPO_LENGTH,
          suggest_mode: 'always',
          max_term_freq: EVERY_TERM_FREQ,
          size: TYPO_CANDIDATES,
        },
      };
    }
  });
  return { size: 0, track_total_hits: false, suggest };
}

function optionTexts(entries: unknown): string[] {
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry) => {
    const options: unknown = isRecord(entry) ? entry.options : null;
    return (Array.isArray(options) ? options : [options]).flatMap((option) =>
      isRecord(option) && typeof option.text === 'string' ? [option.text] : [],
    );
  });
}

/**
 * Per word, the folded stems (through the request language's analyzer, as the stemmed fields index them) of the
 * suggested neighbours, without the word's own stem: those are what a typo may match, as in the embedded
 * engine. Sorted, so a body is the same whatever order the suggester answered in. Pure.
 */
export function readTypoTerms(suggest: unknown, words: readonly string[], language: string): TypoTerms {
  const analyzer = createAnalyzer(language);
  const terms = new Map<string, readonly string[]>();
  words.forEach((word, i) => {
    const own = analyzer.termOf(word);
    const neighbours = PARTS.flatMap((part) =>
      optionTexts(isRecord(suggest) ? suggest[suggestionName(i, part)] : null),
    );
    const stems = new Set(neighbours.filter((surface) => surface !== word).map((surface) => analyzer.termOf(surface)));
    stems.delete(own);
    terms.set(word, [...stems].sort());
  });
  return terms;
}
