import { pinIndices, pinnedPage, type PageSlot } from '../merchandising';
import type { SearchHit, SearchRequest, SearchResponse } from '../search-request';
import { mapFacets } from './facet-response';
import type { IndexMeta } from './index-meta';
import { concreteIndex, countBody, pinnedHitsBody } from './merchandised-bodies';
import {
  coveredHits,
  neededWindows,
  speculativeWindows,
  windowBodies,
  type NaturalOrder,
  type NaturalWindow,
} from './natural-windows';
import { idsQuery, pinIds, presentPins } from './pin-clauses';
import { mapHits, mapTotal, type EsSearchResponse } from './query-responses';
import { searchQuery, windowedPage, type SearchBody, type SearchQuery } from './search-body';
import { isTiered, readTierCounts, tierClauses, type TierWindow } from './tier-clauses';
import { readTierHits, tierHitsBody } from './tier-hits';
import type { TypoTerms } from './typo-expansion';

/** Runs bodies on an index or alias in one request (`_msearch`), answering in order. */
export type RunSearches = (index: string, bodies: SearchBody[]) => Promise<EsSearchResponse[]>;

/** True when a request takes the `_msearch` flow: pins, or a tiered order. Plain requests stay one `_search`. Pure. */
export function needsMultiSearch(request: SearchRequest): boolean {
  return (request.pins?.length ?? 0) > 0 || isTiered(request);
}

/** What the first round answers: the main response, the pinned products present, the speculative windows' responses. */
interface FirstRound {
  total: number;
  response: EsSearchResponse;
  pinHits: SearchHit[];
  /** Hits of each speculative window, in order. */
  windows: Pick<EsSearchResponse, 'hits'>[];
}

/** The speculative part of the first round: its windows, their bodies, and how the bodies' responses become one per window. */
interface Speculation {
  windows: NaturalWindow[];
  bodies: SearchBody[];
  read: (responses: EsSearchResponse[]) => Pick<EsSearchResponse, 'hits'>[];
}

/**
 * A search with pins or a tiered order in one `_msearch`
 * (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/search-multi-search.html) in the common case:
 * the total, facets, tier counts and the pinned products present, alongside the windows of the natural order
 * (the answer without the pins, tier by tier) that cover every page these can lead to (speculativeWindows); the
 * page is then cut out of them (pinIndices, pinnedPage, coveredHits). A second round fetches the needed
 * windows when they were not covered (a tiered page past SPECULATION_LIMIT), not served by the index the
 * counts came from, or shorter than the counts promise.
 */
export async function merchandisedSearch(
  run: RunSearches,
  target: string,
  request: SearchRequest,
  meta: IndexMeta,
  typos: TypoTerms | undefined,
): Promise<SearchResponse> {
  const parts = searchQuery(request, meta, typos);
  const ids = pinIds(request.pins ?? []);
  // Every pinned id leaves the natural order: those not in the answer are not in it anyway.
  const natural: NaturalOrder = {
    tiers: isTiered(request) ? tierClauses(request.boost ?? [], request.bury ?? []) : null,
    excluded: ids.length > 0 ? [idsQuery(ids)] : [],
  };
  const page = windowedPage(request.page, request.pageSize);
  const speculated = speculation(request, parts, natural, speculativeWindows(request, page, ids.length) ?? []);
  // A page with no hits (past the result window) needs only the total and facets.
  const pinned = ids.length > 0 && page.size > 0 ? [pinnedHitsBody(parts, ids)] : [];
  const scored = parts.text.length > 0;
  const first = await firstRound(
    run,
    target,
    { count: countBody(request, meta, typos, natural), pinned, speculated },
    scored,
  );
  const present = presentPins(request.pins ?? [], new Set(first.pinHits.map((hit) => hit.id)));
  const { slots, naturalFrom, naturalSize } = pinnedPage(
    pinIndices(present, first.total),
    page.from,
    page.size,
    first.total,
  );
  const needed = neededWindows(natural.tiers !== null, readTierCounts(first.response.aggregations), {
    from: naturalFrom,
    size: naturalSize,
  });
  const fetch = (windows: readonly NaturalWindow[]) => windowBodies(request, parts, natural, windows);
  const hits = await naturalHits({ run, target, scored, fetch }, first, { needed, speculated: speculated.windows });
  return {
    total: first.total,
    facets: mapFacets(request.facets ?? [], first.response.aggregations),
    hits: assemble(slots, first.pinHits, hits, naturalFrom),
  };
}

/**
 * How the speculative windows are fetched: untiered, the one window as a search of its own; tiered, all of them
 * in one search of top_hits (tier-hits), which spares a search per tier. Pure.
 */
export function speculation(
  request: SearchRequest,
  parts: SearchQuery,
  natural: NaturalOrder,
  windows: NaturalWindow[],
): Speculation {
  const { tiers, excluded } = natural;
  const tiered = windows.filter((window): window is TierWindow => window.tier !== null);
  if (tiers === null || tiered.length === 0)
    return { windows, bodies: windowBodies(request, parts, natural, windows), read: (responses) => responses };
  return {
    windows: tiered,
    bodies: [tierHitsBody(request, parts, { tiers, excluded }, tiered)],
    read: ([response]) => readTierHits(response?.aggregations, tiered),
  };
}

async function firstRound(
  run: RunSearches,
  target: string,
  bodies: { count: SearchBody; pinned: SearchBody[]; speculated: Speculation },
  scored: boolean,
): Promise<FirstRound> {
  const responses = await run(target, [bodies.count, ...bodies.pinned, ...bodies.speculated.bodies]);
  const [response] = responses;
  if (response === undefined) throw new Error(`${target}: _msearch answered no responses`);
  const pinned = bodies.pinned.length > 0 ? responses[1] : undefined;
  const windows = bodies.speculated.read(responses.slice(1 + bodies.pinned.length));
  return { total: mapTotal(response), response, pinHits: pinned === undefined ? [] : mapHits(pinned, scored), windows };
}

/**
 * The natural hits of the page, ranks naturalFrom... in order. Speculative windows are used only when every
 * hit of them came from the index the counts came from: the searches of one `_msearch` each resolve the alias
 * on their own, so a swap may land between them, and windows of another index would not fit the counts (an
 * empty window of another index shows as a short one, which coveredHits refuses). Otherwise, and when they do
 * not cover the page, a second round fetches the needed windows on that index, so a swap never splits a page.
 */
async function naturalHits(
  io: { run: RunSearches; target: string; scored: boolean; fetch: (windows: readonly NaturalWindow[]) => SearchBody[] },
  first: FirstRound,
  windows: { needed: NaturalWindow[]; speculated: NaturalWindow[] },
): Promise<SearchHit[]> {
  if (windows.needed.length === 0) return [];
  const index = concreteIndex(first.response.aggregations);
  if (index !== null && servedBy(first.windows, index)) {
    const hits = coveredHits(
      windows.needed,
      windows.speculated,
      first.windows.map((response) => mapHits(response, io.scored)),
    );
    if (hits !== null) return hits;
  }
  return (await io.run(index ?? io.target, io.fetch(windows.needed))).flatMap((response) =>
    mapHits(response, io.scored),
  );
}

/** True when every hit of the responses came from `index` (a hit's `_index` names its concrete index). Pure. */
export function servedBy(responses: readonly Pick<EsSearchResponse, 'hits'>[], index: string): boolean {
  return responses.every((response) => response.hits.hits.every((hit) => hit._index === index));
}

/**
 * The page's hits from its slots: pins by id, natural slots by their rank in the natural order (`natural` holds
 * ranks naturalFrom...). A slot whose document did not come back (the index changed between the rounds) is
 * left out rather than filled twice. Pure.
 */
export function assemble(
  slots: readonly PageSlot[],
  pinHits: readonly SearchHit[],
  natural: readonly SearchHit[],
  naturalFrom: number,
): SearchHit[] {
  const pins = new Map(pinHits.map((hit) => [hit.id, hit]));
  return slots.flatMap((slot) => {
    const hit = 'pin' in slot ? pins.get(slot.pin) : natural[slot.natural - naturalFrom];
    return hit === undefined ? [] : [hit];
  });
}
