import type { TextDecoder } from 'node:util';
import { facetRelaxes, isRelaxable } from '../../facet-relaxation';
import type { FacetRequest, FacetResult } from '../../facets';
import type { Filter } from '../../filters';
import type { Pin } from '../../merchandising';
import { pageWindow } from '../../page-window';
import type { SearchHit, SearchOptions, SearchRequest, SearchResponse } from '../../search-request';
import { andWords, forEachBit, popcountWords } from '../bitset';
import type { FacetContext } from './facet-compute';
import { computeFacet } from './facet-compute';
import { filterInto, type Within } from './filter-bits';
import type { IndexRuntime } from './index-runtime';
import type { LiveIndex } from './live-index';
import { scoreDocuments, scoreFewDocuments, scorePostings, type ScoringTerm } from './bm25';
import { merchandisedPage, reordersPage } from './merchandised-page';
import { pageDocs } from './page-docs';
import { segmentHits } from './page-merge';
import { addPins, distinctPins, NO_ORDINALS, pinOrdinals, removeHidden, zeroScores } from './pin-hide-bits';
import { type FacetSet, facetSet } from './joint-facets';
import { expandQuery, matchQuery, type QueryText } from './text-clauses-match';

/** A filter evaluated on its own so facets it relaxes can leave it out. */
interface RelaxableFilter {
  filter: Filter;
  bits: Uint32Array;
}

/** What every segment's share of a search needs, worked out once per search. */
interface SearchPlan {
  request: SearchRequest;
  /** The expanded text, null without words. */
  text: QueryText | null;
  /** The request's pins, each id once. */
  pins: readonly Pin[];
  /** The value facets counted over the final matches, when at least two (see FacetContext.joint). */
  joint: FacetSet | undefined;
  warming: boolean;
  options: SearchOptions;
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
  /** Ordinal of each of the plan's pins in this segment, -1 where it lacks one. */
  pinned: readonly number[];
  /** Pinned documents the text did not match (scored 0). */
  untexted: readonly number[];
}

/**
 * Runs one search synchronously on a live index (see SearchRequest for the contract). `warming`: a search replayed
 * to build what later ones share, whatever a first search would leave unbuilt (joint facet rows) included.
 */
export function runSearch(
  index: LiveIndex,
  request: SearchRequest,
  decoder: TextDecoder,
  options: SearchOptions = {},
  warming = false,
): SearchResponse {
  const plan: SearchPlan = {
    request,
    text: expandQuery(index.text, request),
    pins: distinctPins(request.pins),
    joint: jointSet(request),
    warming,
    options,
  };
  const matches = index.segments.map((segment) => matchSegment(index, segment, plan));
  const total = matches.reduce((sum, m) => sum + m.final.size, 0);
  const { from, size } = pageWindow(request.page, request.pageSize);
  const hits = pageHits(index, plan, matches, { from, size, total }, decoder);
  const facets = (request.facets ?? []).map((facet) => facetOf(index, facet, matches, request.language));
  return { total, hits, facets };
}

function matchSegment(index: LiveIndex, segment: IndexRuntime, plan: SearchPlan): SegmentMatch {
  const { request, text } = plan;
  const { scratch } = segment;
  scratch.reset();
  const base = scratch.acquire();
  const spare = scratch.acquire();
  const market = segment.market(request.market);
  const pinned = pinOrdinals(segment, plan.pins);
  let terms: ScoringTerm[] | null = null;
  let untexted = NO_ORDINALS;
  // A text narrows every filter to its matches' words: from here on only those words of any bitset are read.
  let active: Uint32Array | null = null;
  if (text !== null) {
    terms = matchQuery(segment, index.text, request.language, text, spare);
    untexted = addPins(spare, pinned);
    // base = market ∩ text, its non-zero words listed in the same pass (hiding after only empties words).
    active = scratch.andListingWords(base, market, spare);
  } else base.set(market);
  if (request.hide !== undefined) removeHidden(segment, request.hide, base);
  const within = active !== null ? { bits: base, size: popcountWords(base, active), words: active } : null;
  const relaxable = applyFilters(segment, request, base, spare, within);
  const final = scratch.acquire();
  final.set(base);
  for (const r of relaxable) andWords(final, r.bits, active);
  const size = popcountWords(final, active);
  // Relevance needs every match scored; other sorts only their page (scored in pageHits).
  if (terms !== null && (request.sort ?? 'relevance') === 'relevance') {
    if (scoreFewDocuments(terms, size)) scoreDocuments(segment, terms, setBits(final, active));
    else scorePostings(segment, terms);
  }
  return {
    segment,
    base,
    active,
    relaxable,
    terms,
    pinned,
    untexted,
    final: {
      bits: final,
      size,
      market: request.market,
      words: active,
      joint: plan.joint && segment.jointFacets(plan.joint, plan.warming),
    },
  };
}

/** The value facets that relax none of the request's filters (so count over its final matches), if at least two. */
function jointSet(request: SearchRequest): FacetSet | undefined {
  const relaxable = (request.filters ?? []).filter(isRelaxable);
  const keys = (request.facets ?? [])
    .filter((f) => (f.kind === 'terms' || f.kind === 'hierarchy') && !relaxable.some((r) => facetRelaxes(f, r)))
    .map((f) => f.key);
  const distinct = [...new Set(keys)];
  return distinct.length >= 2 ? facetSet(distinct) : undefined;
}

/**
 * ANDs scope and the fixed filters into `base`; returns the relaxable filters, evaluated on their own. With
 * `within` (base itself, narrowed by a text), each filter is right within base and written only on its words.
 */
function applyFilters(
  segment: IndexRuntime,
  request: SearchRequest,
  base: Uint32Array,
  spare: Uint32Array,
  within: Within | null,
): RelaxableFilter[] {
  const relaxable: RelaxableFilter[] = [];
  const words = within?.words ?? null;
  const fix = (filter: Filter) => {
    andWords(base, evaluate(segment, filter, spare, within), words);
    // A smaller base narrows the next filters further (its words stay a superset of its non-zero ones).
    if (within !== null) within.size = popcountWords(base, words);
  };
  for (const filter of request.scope ?? []) fix(filter);
  for (const filter of request.filters ?? []) {
    if (!isRelaxable(filter)) fix(filter);
    else relaxable.push({ filter, bits: evaluate(segment, filter, spare, within) });
  }
  return relaxable;
}

/** The documents of a bitset, ascending, reading only the `words` listed (null: all). */
function setBits(bits: Uint32Array, words: Uint32Array | null): number[] {
  const docs: number[] = [];
  forEachBit(bits, words, (d) => docs.push(d));
  return docs;
}

/** A filter's documents; with `within`, right only within it (every use of them is ANDed with it). */
function evaluate(segment: IndexRuntime, filter: Filter, spare: Uint32Array, within: Within | null): Uint32Array {
  const bits = segment.scratch.acquire();
  filterInto(segment.data, filter, bits, spare, within);
  return bits;
}

function facetOf(
  index: LiveIndex,
  facet: FacetRequest,
  matches: readonly SegmentMatch[],
  language: string,
): FacetResult {
  const contexts = matches.map((m) => {
    const kept = m.relaxable.filter((r) => !facetRelaxes(facet, r.filter));
    if (kept.length === m.relaxable.length) return m.final;
    const bits = m.segment.scratch.acquire();
    bits.set(m.base);
    for (const r of kept) andWords(bits, r.bits, m.active);
    return {
      market: m.final.market,
      words: m.final.words,
      bits,
      size: popcountWords(bits, m.active),
      joint: undefined,
    };
  });
  return computeFacet(index, facet, contexts, language);
}

function pageHits(
  index: LiveIndex,
  plan: SearchPlan,
  matches: readonly SegmentMatch[],
  window: { from: number; size: number; total: number },
  decoder: TextDecoder,
): SearchHit[] {
  const { request } = plan;
  const scored = plan.text !== null;
  const docs = reordersPage(plan.pins, request)
    ? merchandisedPage(
        index,
        request,
        plan.pins,
        matches.map((m) => ({ bits: m.final.bits, size: m.final.size, words: m.active, pinned: m.pinned })),
        window,
        scored,
        decoder,
      )
    : pageDocs(
        index,
        request,
        matches.map((m) => m.final.bits),
        window.from,
        window.size,
        scored,
        decoder,
        matches.map((m) => m.active),
      );
  if (scored && (request.sort ?? 'relevance') !== 'relevance') {
    matches.forEach((m, i) => {
      scoreDocuments(
        m.segment,
        m.terms ?? [],
        docs.filter((d) => d.segment === i).map((d) => d.ordinal),
      );
    });
  }
  // A pin the text did not match holds whatever scoring left (partial sums, or a stale score): its score is 0.
  if (scored) for (const m of matches) zeroScores(m.segment.scratch.scores, m.untexted);
  return segmentHits(index.segments, docs, scored, decoder, plan.options);
}
