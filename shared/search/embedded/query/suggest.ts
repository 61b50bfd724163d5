import type { TextDecoder } from 'node:util';
import { fold, foldedNeedle } from '../../analysis/fold';
import { tokenize } from '../../analysis/tokenize';
import { compareSuggestValues } from '../../compare';
import { SUGGEST_HIT_LIMIT, SUGGEST_VALUE_LIMIT, type SuggestRequest, type SuggestResponse, type SuggestValue } from '../../suggest';
import { andInto, setList } from '../bitset';
import type { LanguageText } from '../index-data';
import { partitionPoint } from './binary-search';
import { toHits } from './hits';
import type { IndexRuntime } from './index-runtime';
import { pageAlongOrder } from './paging';

/** Type-ahead (see SuggestRequest). */
export function runSuggest(runtime: IndexRuntime, request: SuggestRequest, decoder: TextDecoder): SuggestResponse {
  runtime.scratch.reset();
  const words = tokenize(request.q).map(fold);
  const lang = runtime.data.text.get(request.language);
  const hitLimit = request.hitLimit ?? SUGGEST_HIT_LIMIT;
  let ordinals: number[] = [];
  if (words.length > 0 && lang !== undefined) {
    const bits = prefixMatches(runtime, lang, words, request.market);
    ordinals = pageAlongOrder(runtime.data.popularOrder, bits, 0, hitLimit);
  }
  return { hits: toHits(runtime.data, ordinals, null, decoder), values: suggestValues(runtime, request) };
}

/** Market documents whose name has, for every word, a word starting with it. */
function prefixMatches(runtime: IndexRuntime, lang: LanguageText, words: string[], market: string): Uint32Array {
  const bits = runtime.scratch.acquire();
  const wordBits = runtime.scratch.acquire();
  bits.set(runtime.market(market));
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
function suggestValues(runtime: IndexRuntime, request: SuggestRequest): SuggestValue[] {
  const needle = foldedNeedle(request.q);
  if (needle === '') return [];
  const found: SuggestValue[] = [];
  for (const key of request.facetKeys) {
    const column = runtime.data.facets.get(key);
    if (column === undefined) continue;
    const folded = runtime.foldedLabels(request.language, column);
    const counts = runtime.marketCounts(request.market, column);
    const labels = column.labels.get(request.language);
    for (let id = 0; id < folded.length; id++) {
      if ((counts[id] as number) === 0 || !(folded[id] as string).startsWith(needle)) continue;
      found.push({ key, value: column.values[id] as string, label: labels?.[id] ?? null, count: counts[id] as number });
    }
  }
  found.sort(compareSuggestValues);
  return found.slice(0, request.valueLimit ?? SUGGEST_VALUE_LIMIT);
}
