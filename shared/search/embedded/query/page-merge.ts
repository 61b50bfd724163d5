import type { TextDecoder } from 'node:util';
import { compareStrings } from '../../compare';
import { priceField } from '../../field-keys';
import type { SearchHit, SearchOptions, SortKey } from '../../search-request';
import type { IndexData } from '../index-data';
import { hasBit } from '../bitset';
import { toHit } from './hits';
import type { IndexRuntime } from './index-runtime';

/** A document of one segment. */
export interface SegmentDoc {
  segment: number;
  ordinal: number;
}

type Compare = (a: SegmentDoc, b: SegmentDoc) => number;

/**
 * Merges per-segment pages (each already in the sort's order, each holding at least the first skip + take of
 * its segment) into the page [skip, skip + take) of the whole index. Ties go by id, as within one build.
 */
export function mergePages(
  segments: readonly IndexRuntime[],
  pages: readonly number[][],
  compare: Compare,
  skip: number,
  take: number,
): SegmentDoc[] {
  const all: SegmentDoc[] = [];
  pages.forEach((page, segment) => {
    for (const ordinal of page) all.push({ segment, ordinal });
  });
  const byId: Compare = (a, b) => compare(a, b) || compareStrings(idOf(segments, a), idOf(segments, b));
  return all.sort(byId).slice(skip, skip + take);
}

const idOf = (segments: readonly IndexRuntime[], doc: SegmentDoc): string =>
  (segments[doc.segment] as IndexRuntime).data.ids[doc.ordinal] as string;
const dataOf = (segments: readonly IndexRuntime[], doc: SegmentDoc): IndexData =>
  (segments[doc.segment] as IndexRuntime).data;

/** Missing values (NaN, undefined) come last whatever the direction. */
function byValue(x: number | string | undefined, y: number | string | undefined, descending: boolean): number {
  const xMissing = x === undefined || (typeof x === 'number' && Number.isNaN(x));
  const yMissing = y === undefined || (typeof y === 'number' && Number.isNaN(y));
  if (x === undefined || y === undefined || xMissing || yMissing) return xMissing === yMissing ? 0 : xMissing ? 1 : -1;
  const order = x < y ? -1 : x > y ? 1 : 0;
  return descending ? -order : order;
}

/** The comparison (before the id tie-break) of a listing sort across segments. */
export function sortCompare(
  segments: readonly IndexRuntime[],
  sort: SortKey,
  scored: boolean,
  market: string,
  language: string,
  decoder: TextDecoder,
): Compare {
  const number =
    (values: (data: IndexData) => Float64Array | undefined, descending: boolean): Compare =>
    (a, b) =>
      byValue(values(dataOf(segments, a))?.[a.ordinal], values(dataOf(segments, b))?.[b.ordinal], descending);
  if (sort === 'relevance') {
    if (!scored) return number((data) => data.popularity, true);
    return (a, b) =>
      byValue(
        (segments[a.segment] as IndexRuntime).scratch.scores[a.ordinal],
        (segments[b.segment] as IndexRuntime).scratch.scores[b.ordinal],
        true,
      );
  }
  if (sort === 'newest') return number((data) => data.createdAt, true);
  if (sort === 'name_asc') {
    const name = (doc: SegmentDoc): string | undefined => {
      const column = dataOf(segments, doc).sortNames.get(language);
      if (column === undefined || !hasBit(column.present, doc.ordinal)) return undefined;
      return decoder.decode(
        column.bytes.subarray(column.offsets[doc.ordinal] as number, column.offsets[doc.ordinal + 1] as number),
      );
    };
    return (a, b) => byValue(name(a), name(b), false);
  }
  const key = priceField(market);
  return number((data) => data.numbers.get(key)?.values, sort === 'price_desc');
}

/** Hits of merged documents, each decoded from its own segment. */
export function segmentHits(
  segments: readonly IndexRuntime[],
  docs: readonly SegmentDoc[],
  scored: boolean,
  decoder: TextDecoder,
  options?: SearchOptions,
): SearchHit[] {
  return docs.map((doc) => {
    const segment = segments[doc.segment] as IndexRuntime;
    return toHit(segment.data, doc.ordinal, scored ? segment.scratch.scores : null, decoder, options);
  });
}
