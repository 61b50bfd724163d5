import type { TextDecoder } from 'node:util';
import { priceField } from '../../field-keys';
import type { SearchRequest } from '../../search-request';
import type { IndexRuntime } from './index-runtime';
import type { LiveIndex } from './live-index';
import { mergePages, sortCompare, type SegmentDoc } from './page-merge';
import { pageAlongOrder, pageByOrdinal, pageByScore } from './paging';

/**
 * The documents [skip, skip + take) of the request's sort over `bits` (one bitset per segment of the index):
 * one segment is paged directly, several are paged each up to skip + take and merged. `words`, per segment, may
 * list the only words of its bitset that can be non-zero (null: every word may be), which a scored page then reads alone.
 */
export function pageDocs(
  index: LiveIndex,
  request: SearchRequest,
  bits: readonly Uint32Array[],
  skip: number,
  take: number,
  scored: boolean,
  decoder: TextDecoder,
  words: readonly (Uint32Array | null)[] = [],
): SegmentDoc[] {
  const { segments } = index;
  const at = (i: number): PageInput => ({ bits: bits[i] as Uint32Array, words: words[i] ?? null });
  if (segments.length === 1) {
    return pageOf(segments[0] as IndexRuntime, request, at(0), skip, take, scored).map((ordinal) => ({
      segment: 0,
      ordinal,
    }));
  }
  const pages = segments.map((segment, i) => pageOf(segment, request, at(i), 0, skip + take, scored));
  const compare = sortCompare(segments, request.sort ?? 'relevance', scored, request.market, request.language, decoder);
  return mergePages(segments, pages, compare, skip, take);
}

/** One segment's documents to page, and the only words of them that can be non-zero (null: every word may be). */
interface PageInput {
  bits: Uint32Array;
  words: Uint32Array | null;
}

/** Ordinals of one segment's page along the sort. */
function pageOf(
  segment: IndexRuntime,
  request: SearchRequest,
  { bits, words }: PageInput,
  skip: number,
  take: number,
  scored: boolean,
): number[] {
  const { data, scratch } = segment;
  const sort = request.sort ?? 'relevance';
  if (sort === 'relevance')
    return scored
      ? pageByScore(bits, scratch.scores, skip, take, words)
      : pageAlongOrder(data.popularOrder, bits, skip, take);
  if (sort === 'newest') return pageAlongOrder(data.newestOrder, bits, skip, take);
  if (sort === 'name_asc') {
    const order = data.nameOrder.get(request.language);
    return order === undefined ? pageByOrdinal(bits, skip, take) : pageAlongOrder(order, bits, skip, take);
  }
  const price = data.numbers.get(priceField(request.market));
  if (price === undefined) return pageByOrdinal(bits, skip, take);
  return pageAlongOrder(sort === 'price_asc' ? price.ascending : price.descending, bits, skip, take, price.values);
}
