import { boundedEditDistance } from '../../analysis/edit-distance';
import { fold } from '../../analysis/fold';
import {
  CORRECTION_CANDIDATES,
  MAX_CORRECTION_EDITS,
  compareCandidates,
  type SpellingRequest,
  type SpellingResponse,
  type WordSpelling,
} from '../../spelling';
import type { Rows } from '../index-data';
import { partitionPoint } from './binary-search';

/** A sorted dictionary of folded product-name words and, per word, the documents that have it. */
export interface NameDictionary {
  words: readonly string[];
  docs: Rows;
}

const docFreq = (d: NameDictionary, i: number) => (d.docs.offsets[i + 1] ?? 0) - (d.docs.offsets[i] ?? 0);

function has(d: NameDictionary, word: string): boolean {
  const i = partitionPoint(d.words.length, (k) => (d.words[k] as string) < word);
  return d.words[i] === word;
}

/**
 * Spelling candidates for each word over one or more dictionaries (an index's segments): a word is known when
 * some dictionary holds it; its candidates are the other words within 2 edits, their document counts summed over
 * the dictionaries, most frequent first. Scans every word of a similar length: it runs only for queries that found
 * little, not on every search.
 */
export function runSpelling(dictionaries: readonly NameDictionary[], request: SpellingRequest): SpellingResponse {
  return {
    words: request.words.map((raw): WordSpelling => {
      const word = fold(raw);
      const freq = new Map<string, { edits: number; docFreq: number }>();
      for (const d of dictionaries) {
        d.words.forEach((term, i) => {
          if (term === word || Math.abs(term.length - word.length) > MAX_CORRECTION_EDITS) return;
          const edits = boundedEditDistance(word, term, MAX_CORRECTION_EDITS);
          if (edits > MAX_CORRECTION_EDITS) return;
          const seen = freq.get(term);
          freq.set(term, { edits, docFreq: (seen?.docFreq ?? 0) + docFreq(d, i) });
        });
      }
      const candidates = [...freq]
        .map(([term, f]) => ({ term, ...f }))
        .sort(compareCandidates)
        .slice(0, CORRECTION_CANDIDATES);
      return { word, known: dictionaries.some((d) => has(d, word)), candidates };
    }),
  };
}
