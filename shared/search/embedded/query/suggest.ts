import type { TextDecoder } from 'node:util';
import { fold, foldedNeedle } from '../../analysis/fold';
import { tokenize } from '../../analysis/tokenize';
import { compareSuggestValues } from '../../compare';
import {
  SUGGEST_HIT_LIMIT,
  SUGGEST_VALUE_LIMIT,
  type SuggestRequest,
  type SuggestResponse,
  type SuggestValue,
} from '../../suggest';
import { andInto, setList } from '../bitset';
import type { LanguageText } from '../index-data';
import { partitionPoint } from './binary-search';
import type { IndexRuntime } from './index-runtime';
import type { LiveIndex } from './live-index';
import { mergePages, segmentHits, sortCompare } from './page-merge';
import { pageAlongOrder } from './paging';

/** Type-ahead (see SuggestRequest). */
export function runSuggest(index: LiveIndex, request: SuggestRequest, decoder: TextDecoder): SuggestResponse {
  const words = tokenize(request.q).map(fold);
  const hitLimit = request.hitLimit ?? SUGGEST_HIT_LIMIT;
  const { segments } = index;
  const pages = segments.map((segment) => {
    segment.scratch.reset();
    const lang = segment.data.text.get(request.language);
    if (words.length === 0 || lang === undefined) return [];
    return pageAlongOrder(segment.data.popularOrder, prefixMatches(segment, lang, words, request.market), 0, hitLimit);
  });
  const docs =
    segments.length === 1
      ? (pages[0] as number[]).map((ordinal) => ({ segment: 0, ordinal }))
      : mergePages(
          segments,
          pages,
          sortCompare(segments, 'relevance', false, request.market, request.language, decoder),
          0,
          hitLimit,
        );
  return { hits: segmentHits(segments, docs, false, decoder), values: suggestValues(index, request) };
}

/** Market documents whose name has, for every word, a word starting with it. */
function prefixMatches(segment: IndexRuntime, lang: LanguageText, words: string[], market: string): Uint32Array {
  const bits = segment.scratch.acquire();
  const wordBits = segment.scratch.acquire();
  bits.set(segment.market(market));
  const offsets = lang.nameWordDocs.offsets;
  for (const word of words) {
    wordBits.fill(0);
    const from = firstAtLeast(lang.nameWords, word);
    const to = firstAtLeast(lang.nameWords, `${word}\uffff`);
    if (to > from) setList(wordBits, lang.nameWordDocs.items, offsets[from] as number, offsets[to] as number);
    andInto(bits, wordBits);
  }
  return bits;
}

/** First index whose word is >= target. Rows of consecutive words are adjacent, so one range covers a prefix. */
function firstAtLeast(sorted: string[], target: string): number {
  return partitionPoint(sorted.length, (i) => (sorted[i] as string) < target);
}

/** Facet values whose folded label starts with the folded query, by market count. */
function suggestValues(index: LiveIndex, request: SuggestRequest): SuggestValue[] {
  const needle = foldedNeedle(request.q);
  if (needle === '') return [];
  const found: SuggestValue[] = [];
  for (const key of request.facetKeys) {
    const union = index.union(key);
    if (union === null) continue;
    const folded = index.foldedLabels(request.language, union);
    const counts = index.marketCounts(request.market, union);
    const labels = union.labels.get(request.language);
    for (let id = 0; id < folded.length; id++) {
      if ((counts[id] as number) === 0 || !(folded[id] as string).startsWith(needle)) continue;
      found.push({ key, value: union.values[id] as string, label: labels?.[id] ?? null, count: counts[id] as number });
    }
  }
  found.sort(compareSuggestValues);
  return found.slice(0, request.valueLimit ?? SUGGEST_VALUE_LIMIT);
}
