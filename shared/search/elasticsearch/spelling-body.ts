import { boundedEditDistance } from '../analysis/edit-distance';
import { fold } from '../analysis/fold';
import {
  CORRECTION_CANDIDATES,
  MAX_CORRECTION_EDITS,
  compareCandidates,
  type SpellingRequest,
  type SpellingResponse,
} from '../spelling';
import { foldedTextField } from './es-fields';
import type { EsSearchResponse } from './query-responses';
import type { SearchBody } from './search-body';

/**
 * `max_term_freq` that keeps every word: the default (0.01) skips words found in over 1% of documents, and the
 * embedded engine offers neighbours of common words too.
 */
export const EVERY_TERM_FREQ = 2_147_483_647;

/**
 * Spelling candidates for the query's words in one request (pure): a term suggester per word on the folded
 * product-name field, two edits at most, most frequent first (the embedded engine's rule), and a `filters`
 * aggregation telling which words the dictionary already holds.
 * Term suggester: https://www.elastic.co/guide/en/elasticsearch/reference/current/search-suggesters.html#term-suggester
 */
export function buildSpellingBody(request: SpellingRequest): SearchBody {
  const field = foldedTextField(request.language, 'name');
  const words = request.words.map(fold);
  return {
    size: 0,
    track_total_hits: false,
    suggest: Object.fromEntries(
      words.map((word, i) => [
        `spell_${i}`,
        {
          text: word,
          term: {
            field,
            max_edits: MAX_CORRECTION_EDITS,
            prefix_length: 0,
            min_word_length: 1,
            suggest_mode: 'always',
            max_term_freq: EVERY_TERM_FREQ,
            sort: 'frequency',
            size: CORRECTION_CANDIDATES,
          },
        },
      ]),
    ),
    aggs: {
      known: {
        filters: { filters: Object.fromEntries(words.map((word, i) => [`w${i}`, { term: { [field]: word } }])) },
      },
    },
  };
}

/**
 * The answer for a language the index does not analyse: it has no name-word dictionary there (its fields do not
 * exist, so asking would be a 400), so every word is unknown and has no candidates, as in the embedded engine. Pure.
 */
export function noDictionary(request: SpellingRequest): SpellingResponse {
  return { words: request.words.map((word) => ({ word: fold(word), known: false, candidates: [] })) };
}

type SuggestEntry = { options?: { text: string; freq?: number }[] | { text: string; freq?: number } };

/** The spelling answer from the response to buildSpellingBody (pure). */
export function mapSpelling(request: SpellingRequest, response: EsSearchResponse): SpellingResponse {
  const buckets =
    (response.aggregations?.known as { buckets?: Record<string, { doc_count: number }> } | undefined)?.buckets ?? {};
  const suggest = (response.suggest ?? {}) as Record<string, SuggestEntry[]>;
  return {
    words: request.words.map(fold).map((word, i) => {
      const options = (suggest[`spell_${i}`] ?? []).flatMap((entry) => [entry.options ?? []].flat());
      const candidates = options
        .filter((o) => o.text !== word)
        .map((o) => ({
          term: o.text,
          edits: boundedEditDistance(word, o.text, MAX_CORRECTION_EDITS),
          docFreq: o.freq ?? 0,
        }))
        .filter((c) => c.edits <= MAX_CORRECTION_EDITS)
        .sort(compareCandidates)
        .slice(0, CORRECTION_CANDIDATES);
      return { word, known: (buckets[`w${i}`]?.doc_count ?? 0) > 0, candidates };
    }),
  };
}
