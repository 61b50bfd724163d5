import type { TextDecoder } from 'node:util';
import { facetRelaxes, isRelaxable } from '../../facet-relaxation';
import type { FacetRequest, FacetResult } from '../../facets';
import { priceField } from '../../field-keys';
import type { Filter } from '../../filters';
import { pageWindow } from '../../page-window';
import type { SearchRequest, SearchResponse } from '../../search-request';
import { andInto, andWords, popcountWords } from '../bitset';
import type { FacetContext } from './facet-compute';
import { computeFacet } from './facet-compute';
import { filterInto } from './filter-bits';
import type { IndexRuntime } from './index-runtime';
import type { LiveIndex } from './live-index';
import { scoreDocuments, scoreFewDocuments, scorePostings, type ScoringTerm } from './bm25';
import { mergePages, segmentHits, sortCompare, type SegmentDoc } from './page-merge';
import { pageAlongOrder, pageByOrdinal, pageByScore } from './paging';
import { expandText, matchText } from './text-match';
import type { WordExpansion } from './text-stats';

/** A filter evaluated on its own so facets it relaxes can leave it out. */
interface RelaxableFilter {
  filter: Filter;
  bits: Uint32Array;
}

/** One segment's share of a search: its matches before and after the relaxable filters. */
interface SegmentMatch {
  segment: IndexRuntime;
  /** Scoring terms of the text, null without text. */
  terms: ScoringTerm[] | null;
  base: Uint32Array;
  /** The non-zero words of `base` when it is narrowed by text (every context is within them), else null. */
  active: Uint32Array | null;
  relaxable: RelaxableFilter[];
  final: FacetContext;
}

/** Runs one search synchronously on a live index (see SearchRequest for the contract). */
export function runSearch(index: LiveIndex, request: SearchRequest, decoder: TextDecoder): SearchResponse {
  const words = expandText(index.text, request.language, request.text ?? '');
  const matches = index.segments.map((segment) => matchSegment(index, segment, request, words));
  const total = matches.reduce((sum, m) => sum + m.final.size, 0);
  const { from, size } = pageWindow(request.page, request.pageSize);
  const scored = words !== null;
  const hits = pageHits(index, request, matches, from, size, scored, decoder);
  const facets = (request.facets ?? []).map((facet) => facetOf(index, facet, matches, request.language));
  return { total, hits, facets };
}

function matchSegment(index: LiveIndex, segment: IndexRuntime, request: SearchRequest, words: WordExpansion[] | null): SegmentMatch {
  const { scratch } = segment;
  scratch.reset();
  const base = scratch.acquire();
  const spare = scratch.acquire();
  base.set(segment.market(request.market));
  let terms: ScoringTerm[] | null = null;
  if (words !== null) {
    terms = matchText(segment, index.text, request.language, words, spare);
    andInto(base, spare);
  }
  const relaxable: RelaxableFilter[] = [];
  const narrowed = words !== null ? base : null;
  for (const filter of request.scope ?? []) andInto(base, evaluate(segment, filter, spare, narrowed));
  for (const filter of request.filters ?? []) {
    if (!isRelaxable(filter)) andInto(base, evaluate(segment, filter, spare, narrowed));
    else relaxable.push({ filter, bits: evaluate(segment, filter, spare, narrowed) });
  }
  const active = narrowed !== null ? scratch.nonZeroWords(base) : null;
  const final = scratch.acquire();
  final.set(base);
  for (const r of relaxable) andWords(final, r.bits, active);
  const size = popcountWords(final, active);
  // Relevance needs every match scored; other sorts only their page (scored in pageHits).
  if (terms !== null && (request.sort ?? 'relevance') === 'relevance') {
    if (scoreFewDocuments(terms, size)) scoreDocuments(segment, terms, setBits(final));
    else scorePostings(segment, terms);
  }
  return { segment, base, active, relaxable, terms, final: { bits: final, size, market: request.market } };
}

/** The documents of a bitset, ascending. */
function* setBits(bits: Uint32Array): Generator<number> {
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w] as number;
    while (word !== 0) {
      const low = word & -word;
      word ^= low;
      yield (w << 5) | (31 - Math.clz32(low));
    }
  }
}

/** A filter's documents; with `base`, right only within it (every use of them is ANDed with base). */
function evaluate(segment: IndexRuntime, filter: Filter, spare: Uint32Array, base: Uint32Array | null): Uint32Array {
  const bits = segment.scratch.acquire();
  filterInto(segment.data, filter, bits, spare, base);
  return bits;
}

function facetOf(index: LiveIndex, facet: FacetRequest, matches: readonly SegmentMatch[], language: string): FacetResult {
  const contexts = matches.map((m) => {
    const kept = m.relaxable.filter((r) => !facetRelaxes(facet, r.filter));
    if (kept.length === m.relaxable.length) return m.final;
    const bits = m.segment.scratch.acquire();
    bits.set(m.base);
    for (const r of kept) andWords(bits, r.bits, m.active);
    return { ...m.final, bits, size: popcountWords(bits, m.active) };
  });
  return computeFacet(index, facet, contexts, language);
}

function pageHits(index: LiveIndex, request: SearchRequest, matches: readonly SegmentMatch[], from: number, size: number, scored: boolean, decoder: TextDecoder) {
  const { segments } = index;
  let docs: SegmentDoc[];
  if (segments.length === 1) {
    const only = matches[0] as SegmentMatch;
    docs = pageOf(only.segment, request, only.final.bits, from, size, scored).map((ordinal) => ({ segment: 0, ordinal }));
  } else {
    const pages = matches.map((m) => pageOf(m.segment, request, m.final.bits, 0, from + size, scored));
    const compare = sortCompare(segments, request.sort ?? 'relevance', scored, request.market, request.language, decoder);
    docs = mergePages(segments, pages, compare, from, size);
  }
  if (scored && (request.sort ?? 'relevance') !== 'relevance') {
    matches.forEach((m, i) => scoreDocuments(m.segment, m.terms ?? [], docs.filter((d) => d.segment === i).map((d) => d.ordinal)));
  }
  return segmentHits(segments, docs, scored, decoder);
}

/** Ordinals of one segment's page along the sort. */
function pageOf(segment: IndexRuntime, request: SearchRequest, bits: Uint32Array, skip: number, take: number, scored: boolean): number[] {
  const { data, scratch } = segment;
  const sort = request.sort ?? 'relevance';
  if (sort === 'relevance') return scored ? pageByScore(bits, scratch.scores, skip, take) : pageAlongOrder(data.popularOrder, bits, skip, take);
  if (sort === 'newest') return pageAlongOrder(data.newestOrder, bits, skip, take);
  if (sort === 'name_asc') {
    const order = data.nameOrder.get(request.language);
    return order === undefined ? pageByOrdinal(bits, skip, take) : pageAlongOrder(order, bits, skip, take);
  }
  const price = data.numbers.get(priceField(request.market));
  if (price === undefined) return pageByOrdinal(bits, skip, take);
  return pageAlongOrder(sort === 'price_asc' ? price.ascending : price.descending, bits, skip, take, price.values);
}
