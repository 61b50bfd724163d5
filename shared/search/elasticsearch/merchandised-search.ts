import { pinIndices, pinnedPage, type PageSlot } from '../merchandising';
import type { SearchHit, SearchRequest, SearchResponse } from '../search-request';
import { mapFacets } from './facet-response';
import type { EsQuery } from './filter-clauses';
import type { IndexMeta } from './index-meta';
import { concreteIndex, countBody, pinnedHitsBody } from './merchandised-bodies';
import { idsQuery, pinIds, presentPins } from './pin-clauses';
import { mapHits, mapTotal, type EsSearchResponse } from './query-responses';
import { searchQuery, windowBody, windowedPage, type SearchBody, type SearchQuery } from './search-body';
import { isTiered, readTierCounts, tierClauses, tierWindows, type Tier } from './tier-clauses';
import type { TypoTerms } from './typo-expansion';

/** Runs bodies on an index or alias in one request (`_msearch`), answering in order. */
export type RunSearches = (index: string, bodies: SearchBody[]) => Promise<EsSearchResponse[]>;

/** True when a request needs the two-round flow: pins, or a tiered order. Plain requests stay one `_search`. Pure. */
export function needsRounds(request: SearchRequest): boolean {
  return (request.pins?.length ?? 0) > 0 || isTiered(request);
}

/** What the first round fixes for the second. */
interface FirstRound {
  total: number;
  response: EsSearchResponse;
  pinHits: SearchHit[];
}

/**
 * A search with pins or a tiered order, in two rounds of `_msearch`
 * (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/search-multi-search.html): first the total,
 * facets, tier counts and the pinned products present; then the window of the natural order (the answer
 * without the pins, tier by tier) that the page's other slots take (pinIndices, pinnedPage).
 */
export async function merchandisedSearch(run: RunSearches, target: string, request: SearchRequest, meta: IndexMeta, typos: TypoTerms | undefined): Promise<SearchResponse> {
  const parts = searchQuery(request, meta, typos);
  const scored = parts.text.length > 0;
  const ids = pinIds(request.pins ?? []);
  // Every pinned id leaves the natural order: those not in the answer are not in it anyway.
  const excluded = ids.length > 0 ? [idsQuery(ids)] : [];
  const tiers = isTiered(request) ? tierClauses(request.boost ?? [], request.bury ?? []) : null;
  const page = windowedPage(request.page, request.pageSize);
  // A page with no hits (past the result window) needs only the total and facets.
  const pinned = ids.length > 0 && page.size > 0 ? [pinnedHitsBody(parts, ids)] : [];
  const first = await firstRound(run, target, [countBody(request, meta, typos, { tiers, excluded }), ...pinned], scored);
  const facets = mapFacets(request.facets ?? [], first.response.aggregations);
  const present = presentPins(request.pins ?? [], new Set(first.pinHits.map((hit) => hit.id)));
  const { slots, naturalFrom, naturalSize } = pinnedPage(pinIndices(present, first.total), page.from, page.size, first.total);
  const windows = naturalWindows(request, parts, { tiers, excluded }, readTierCounts(first.response.aggregations), { from: naturalFrom, size: naturalSize });
  const index = concreteIndex(first.response.aggregations) ?? target;
  const natural = windows.length === 0 ? [] : (await run(index, windows)).flatMap((response) => mapHits(response, scored));
  return { total: first.total, facets, hits: assemble(slots, first.pinHits, natural, naturalFrom) };
}

async function firstRound(run: RunSearches, target: string, bodies: SearchBody[], scored: boolean): Promise<FirstRound> {
  const [response, pinned] = await run(target, bodies);
  if (response === undefined) throw new Error(`${target}: _msearch answered no responses`);
  return { total: mapTotal(response), response, pinHits: pinned === undefined ? [] : mapHits(pinned, scored) };
}

/**
 * The bodies fetching [from, from + size) of the natural order: one window without tiers, else one per tier
 * the range spans, each narrowed to its tier. Pure.
 */
export function naturalWindows(request: SearchRequest, parts: SearchQuery, natural: { tiers: Record<Tier, EsQuery> | null; excluded: EsQuery[] }, counts: Record<Tier, number>, range: { from: number; size: number }): SearchBody[] {
  if (range.size <= 0) return [];
  const { tiers, excluded } = natural;
  if (tiers === null) return [windowBody(request, parts, { filter: [], mustNot: excluded }, range)];
  return tierWindows(counts, range.from, range.size).map((window) => windowBody(request, parts, { filter: [tiers[window.tier]], mustNot: excluded }, window));
}

/**
 * The page's hits from its slots: pins by id, natural slots by their rank in the natural order (`natural` holds
 * ranks naturalFrom...). A slot whose document did not come back (the index changed between the rounds) is
 * left out rather than filled twice. Pure.
 */
export function assemble(slots: readonly PageSlot[], pinHits: readonly SearchHit[], natural: readonly SearchHit[], naturalFrom: number): SearchHit[] {
  const pins = new Map(pinHits.map((hit) => [hit.id, hit]));
  return slots.flatMap((slot) => {
    const hit = 'pin' in slot ? pins.get(slot.pin) : natural[slot.natural - naturalFrom];
    return hit === undefined ? [] : [hit];
  });
}
