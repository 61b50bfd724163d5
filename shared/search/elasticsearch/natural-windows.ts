import type { SearchHit, SearchRequest } from '../search-request';
import type { EsQuery } from './filter-clauses';
import { windowBody, type SearchBody, type SearchQuery } from './search-body';
import { isTiered, tierWindows, TIERS, type Tier } from './tier-clauses';
import { MAX_INNER_RESULT_WINDOW } from './tier-hits';

// Windows of the natural order (the answer without its pins, tier by tier when the order is tiered): the ones
// a page needs once the first round's counts are known, and the ones fetched before knowing them so that a
// merchandised search usually takes one round trip (see merchandised-search).

/**
 * Most ranks of a tiered order fetched speculatively: only pages ending by rank SPECULATION_LIMIT are.
 * Every tier that may hold documents is fetched as far as the page ends (the tier sizes are not known yet), so
 * the cost grows with the page's end, and the windows come as top_hits (tier-hits), which cannot reach past
 * MAX_INNER_RESULT_WINDOW; past this a page takes a second round instead. That serves pages of up to 100 (the
 * API's largest) on page 1, of 24 (the default) on pages 1 to 4.
 */
export const SPECULATION_LIMIT = MAX_INNER_RESULT_WINDOW;

/** The natural order of a request: its tiers' filters (null when untiered) and what leaves it (the pinned ids). */
export interface NaturalOrder {
  tiers: Record<Tier, EsQuery> | null;
  excluded: EsQuery[];
}

/** A window of the natural order as one search fetches it: ranks [from, from + size) of a tier, or of the whole order (tier null). */
export interface NaturalWindow {
  tier: Tier | null;
  from: number;
  size: number;
}

/** The windows making up ranks [from, from + size) of the natural order, by tier when it is tiered. Pure. */
export function neededWindows(
  tiered: boolean,
  counts: Record<Tier, number>,
  range: { from: number; size: number },
): NaturalWindow[] {
  if (range.size <= 0) return [];
  return tiered ? tierWindows(counts, range.from, range.size) : [{ tier: null, ...range }];
}

/** One body per window, each narrowed to its tier, the pinned ids left out. Pure. */
export function windowBodies(
  request: SearchRequest,
  parts: SearchQuery,
  natural: NaturalOrder,
  windows: readonly NaturalWindow[],
): SearchBody[] {
  const { tiers, excluded } = natural;
  return windows.map(({ tier, from, size }) =>
    windowBody(
      request,
      parts,
      { filter: tier === null || tiers === null ? [] : [tiers[tier]], mustNot: excluded },
      { from, size },
    ),
  );
}

/**
 * The windows to fetch with the first round, before the total, the tier counts and the pins present are known,
 * or null when a tiered page ends past `limit` (SPECULATION_LIMIT, never more).
 *
 * Why they cover the page: pinnedPage takes the natural ranks [naturalFrom, naturalFrom + naturalSize) with
 * naturalFrom = from - b, b the present pins placed before `from`. Placed pins sit at distinct indices >= 0
 * (pinIndices keeps them strictly increasing), so b <= min(from, pinCount) and naturalFrom >= max(0, from -
 * pinCount); the page's natural slots are at most `size` after naturalFrom, so the range ends at most at
 * from - b + size <= from + size. Untiered, that range is one window. Tiered, a tier starting at natural rank
 * s holds ranks [s, s + count), so the range's part of it lies within [0, from + size) of the tier; the first
 * tier that may hold documents starts at rank 0, so its part lies within [max(0, from - pinCount), from + size).
 * Tops are empty without boost sets and bottoms without bury sets (tierClauses: B or U match nothing), so those
 * are not fetched. Pure.
 */
export function speculativeWindows(
  request: Pick<SearchRequest, 'sort' | 'boost' | 'bury'>,
  page: { from: number; size: number },
  pinCount: number,
  limit = SPECULATION_LIMIT,
): NaturalWindow[] | null {
  if (page.size <= 0) return [];
  const end = page.from + page.size;
  const start = Math.max(0, page.from - pinCount);
  if (!isTiered(request)) return [{ tier: null, from: start, size: end - start }];
  if (end > Math.min(limit, MAX_INNER_RESULT_WINDOW)) return null;
  const mayHold = (tier: Tier) =>
    tier === 'top' ? (request.boost?.length ?? 0) > 0 : tier === 'bottom' ? (request.bury?.length ?? 0) > 0 : true;
  return TIERS.filter(mayHold).map((tier, i) =>
    i === 0 ? { tier, from: start, size: end - start } : { tier, from: 0, size: end },
  );
}

/**
 * The hits of the `needed` windows cut out of the `fetched` ones (`hits[i]` answered `fetched[i]`), in order;
 * null when some needed window lies outside every fetched one of its tier, or when a fetched window came back
 * shorter than the part taken from it (the index changed under the counts): the caller then fetches the
 * needed windows themselves. Pure.
 */
export function coveredHits(
  needed: readonly NaturalWindow[],
  fetched: readonly NaturalWindow[],
  hits: readonly (readonly SearchHit[])[],
): SearchHit[] | null {
  const taken: SearchHit[] = [];
  for (const want of needed) {
    const at = fetched.findIndex(
      (have) => have.tier === want.tier && have.from <= want.from && want.from + want.size <= have.from + have.size,
    );
    const offset = want.from - (fetched[at]?.from ?? 0);
    const part = (hits[at] ?? []).slice(offset, offset + want.size);
    if (at < 0 || part.length < want.size) return null;
    taken.push(...part);
  }
  return taken;
}
