import type { Filter, SearchRequest, SearchResponse } from '../../../../shared/search';
import { SiteMerchandising } from '../../../../shared/merchandising/site-merchandising';
import type { FilterMap } from '../../../../shared/merchandising/rule-effects';
import { enginePins } from '../../../../shared/merchandising/rule-effects';
import { percentile } from '../../shared/timing';
import { PORT_QUERIES, MIX } from '../queries';
import { benchRules, benchSynonyms } from './merch-config';

export const MERCH_QUERIES = ['Q1', 'Q1f', 'Q2', 'Q3'] as const;
export type MerchQuery = (typeof MERCH_QUERIES)[number];

/** One query's medians with nothing published and with the bench's merchandising, and the totals each found. */
export interface MerchStats {
  noneMs: number;
  publishedMs: number;
  runs: number;
  totals: { none: number; published: number };
}

const NONE = new SiteMerchandising({ queryRules: [], synonyms: {} });

/** A brand filter map as the bench's one facet grammar needs it (the storefront maps any facet the same way). */
const asFilters = (map: FilterMap): Filter[] =>
  Object.entries(map).map(([key, values]) => ({ kind: 'terms', key, values, match: 'any' }));

/** The request the storefront would send: the mix's request with what the merchandising adds for its text. */
function merchandised(request: SearchRequest, merchandising: SiteMerchandising, now: number): SearchRequest {
  const q = request.text ?? '';
  if (q === '') return request;
  const effects = merchandising.effects(q, MIX.market, now);
  const synonyms = merchandising.synonyms(q, MIX.language);
  const pins = enginePins([], [...effects.pins]);
  return {
    ...request,
    ...(synonyms.length > 0 && { synonyms }),
    ...(pins.length > 0 && { pins }),
    ...(effects.hide.length > 0 && { hide: effects.hide }),
    ...(effects.boost.length > 0 && { boost: effects.boost.map(asFilters) }),
    ...(effects.bury.length > 0 && { bury: effects.bury.map(asFilters) }),
  };
}

/**
 * Times each listing query of the mix with nothing published and with 1,000 synonym groups and 1,000 rules,
 * alternating the two run by run so drift on a shared machine hits both alike. The merchandising step (rule
 * match, synonym rewrite) is inside the timing, as the storefront pays it per request.
 */
export async function measureMerchandising(
  search: (request: SearchRequest) => Promise<SearchResponse>,
  productIds: readonly string[],
  runs = 200,
): Promise<Record<MerchQuery, MerchStats>> {
  const published = new SiteMerchandising({ queryRules: benchRules(productIds), synonyms: { en: benchSynonyms() } });
  const out = {} as Record<MerchQuery, MerchStats>;
  for (const query of MERCH_QUERIES) {
    const base = PORT_QUERIES[query];
    const time = async (merchandising: SiteMerchandising) => {
      const t0 = performance.now();
      const result = await search(merchandised(base, merchandising, Date.now()));
      return { ms: performance.now() - t0, total: result.total };
    };
    for (let i = 0; i < 5; i++) await Promise.all([time(NONE), time(published)].map((p) => p.catch(() => null)));
    const samples = { none: [] as number[], published: [] as number[] };
    const totals = { none: 0, published: 0 };
    for (let i = 0; i < runs; i++) {
      const a = await time(NONE);
      const b = await time(published);
      samples.none.push(a.ms);
      samples.published.push(b.ms);
      [totals.none, totals.published] = [a.total, b.total];
    }
    const median = (values: number[]) =>
      percentile(
        [...values].sort((x, y) => x - y),
        0.5,
      );
    out[query] = { noneMs: median(samples.none), publishedMs: median(samples.published), runs, totals };
  }
  return out;
}
