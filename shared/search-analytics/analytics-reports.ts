import type { Db } from '../db/knex';
import { getSite } from '../storefront-config/site-store';
import {
  dailyVolumes,
  filterStats,
  queryStats,
  volumeTotals,
  type DayVolume,
  type FilterStat,
  type QueryStat,
  type RollupSlice,
  type VolumeTotals,
} from './report-queries';
import { resolveRequest, type AnalyticsReport, type ReportRequest } from './report-request';
import type { SearchKind } from './search-fact';
import { utcDay } from './search-rollup';

/** Whose analytics: the tenant comes from the caller's credentials (token, default instance, CLI --tenant), never from the request. */
export type ReportScope = { tenantId: number; siteId: number };

/** An item's `share`: its count over `totals.requests` (0 when the range has no requests), to six decimals. */
export type QueryItem = QueryStat & { share: number };
export type FilterItem = FilterStat & { share: number };
/** An item of the `volume` report: one day's listing requests (no share: the days add up to the totals). */
export type VolumeItem = DayVolume;

/**
 * One report: what was asked (defaults applied), the kind's request totals, and the items, most counted first
 * (`volume`: one per day of the range, oldest first; `limit` does not apply to it).
 */
export type SearchAnalyticsAnswer = {
  siteId: number;
  report: AnalyticsReport;
  from: string;
  to: string;
  market: string | null;
  limit: number;
  totals: VolumeTotals;
  items: (QueryItem | FilterItem | VolumeItem)[];
};

const KIND_OF: Record<AnalyticsReport, SearchKind> = {
  'top-queries': 'listing',
  'no-hit-queries': 'listing',
  'top-filters': 'listing',
  'suggest-queries': 'suggest',
  volume: 'listing',
};

const shareOf = (count: number, totals: VolumeTotals): number =>
  totals.requests > 0 ? Math.round((count / totals.requests) * 1e6) / 1e6 : 0;

/**
 * A report on one site's search roll-ups, shared by REST, MCP and the CLI. Throws ReportRequestError (400
 * `invalid_request`) for a bad request and ConfigNotFoundError (404 `not_found`) for a site not in the tenant.
 */
export async function searchAnalyticsReport(
  db: Db,
  scope: ReportScope,
  request: ReportRequest,
  now: Date = new Date(),
): Promise<SearchAnalyticsAnswer> {
  const resolved = resolveRequest(request, utcDay(now.getTime()));
  await getSite(db, scope.tenantId, scope.siteId);
  const slice: RollupSlice = {
    ...scope,
    kind: KIND_OF[resolved.report],
    from: resolved.from,
    to: resolved.to,
    market: resolved.market,
  };
  if (resolved.report === 'volume') {
    const days = await dailyVolumes(db, slice);
    const totals = days.reduce(
      (sum, d) => ({ requests: sum.requests + d.requests, noHitRequests: sum.noHitRequests + d.noHitRequests }),
      { requests: 0, noHitRequests: 0 },
    );
    return { siteId: scope.siteId, ...resolved, totals, items: days };
  }
  const [totals, stats] = await Promise.all([
    volumeTotals(db, slice),
    statsOf(db, slice, resolved.report, resolved.limit),
  ]);
  return {
    siteId: scope.siteId,
    ...resolved,
    totals,
    items: stats.map((s) => ({ ...s, share: shareOf(s.count, totals) })),
  };
}

function statsOf(
  db: Db,
  slice: RollupSlice,
  report: Exclude<AnalyticsReport, 'volume'>,
  limit: number,
): Promise<(QueryStat | FilterStat)[]> {
  if (report === 'top-filters') return filterStats(db, slice, limit);
  return queryStats(db, slice, limit, report === 'no-hit-queries');
}
