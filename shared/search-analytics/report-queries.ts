import type { Db, Knex } from '../db/knex';
import type { SearchKind } from './search-fact';

/** The roll-ups a report reads: one site of one tenant, one kind of search, days `from`..`to` (inclusive), maybe one market. */
export type RollupSlice = {
  tenantId: number;
  siteId: number;
  kind: SearchKind;
  from: string;
  to: string;
  market: string | null;
};

/** A query over the slice's days: its requests, those that found nothing, and the total its latest request found. */
export type QueryStat = { query: string; count: number; noHits: number; latestTotal: number };
export type FilterStat = { filter: string; count: number };
export type VolumeTotals = { requests: number; noHitRequests: number };
/** One day's requests of the slice: every request of the kind, and those that found nothing. */
export type DayVolume = VolumeTotals & { day: string };

/** The slice's rows of a roll-up table: always scoped by tenant and site, whatever else the caller adds. */
function sliceOf(db: Db, table: string, s: RollupSlice): Knex.QueryBuilder {
  const rows = db(table)
    .where({ tenant_id: s.tenantId, site_id: s.siteId, kind: s.kind })
    .whereBetween('day', [s.from, s.to]);
  return s.market === null ? rows : rows.where('market', s.market);
}

// A query's rows (one per day, market and language) are summed. Its latest total is the one of the row a flush
// touched last (`last_at`); rows written by the same flush tie, and then the later day, then the larger total wins,
// so a query that found products in that flush is not reported as finding nothing.
const LATEST_TOTAL = '(array_agg(last_total order by last_at desc, day desc, last_total desc))[1]';

/**
 * The slice's non-empty queries, most counted first; with `noHitsOnly`, only those whose latest total is 0, most
 * no-hit requests first. Ties by query.
 */
export async function queryStats(db: Db, s: RollupSlice, limit: number, noHitsOnly: boolean): Promise<QueryStat[]> {
  const perQuery = sliceOf(db, 'storefront_search_queries', s)
    .whereNot('query', '')
    .groupBy('query')
    .select(
      'query',
      db.raw('sum(count) as count'),
      db.raw('sum(no_hits) as no_hits'),
      db.raw(`${LATEST_TOTAL} as latest_total`),
    );
  const rows: { query: string; count: string; no_hits: string; latest_total: number }[] = await db
    .from(perQuery.as('q'))
    .modify((q) => (noHitsOnly ? q.where('latest_total', 0).orderBy('no_hits', 'desc') : q))
    .orderBy([{ column: 'count', order: 'desc' }, { column: 'query' }])
    .limit(limit)
    .select('query', 'count', 'no_hits', 'latest_total');
  return rows.map((r) => ({
    query: r.query,
    count: Number(r.count),
    noHits: Number(r.no_hits),
    latestTotal: r.latest_total,
  }));
}

/** The slice's filter values (`key=value`), most used first, ties by value. */
export async function filterStats(db: Db, s: RollupSlice, limit: number): Promise<FilterStat[]> {
  const rows: { filter: string; count: string }[] = await sliceOf(db, 'storefront_search_filters', s)
    .groupBy('filter')
    .orderBy([{ column: 'count', order: 'desc' }, { column: 'filter' }])
    .limit(limit)
    .select('filter', db.raw('sum(count) as count'));
  return rows.map((r) => ({ filter: r.filter, count: Number(r.count) }));
}

/** Every request of the slice, kept as a query row or not, and those that found nothing. */
export async function volumeTotals(db: Db, s: RollupSlice): Promise<VolumeTotals> {
  const row: { requests: string | null; no_hits: string | null } | undefined = await sliceOf(
    db,
    'storefront_search_volumes',
    s,
  ).first(db.raw('sum(requests) as requests'), db.raw('sum(no_hits) as no_hits'));
  return { requests: Number(row?.requests ?? 0), noHitRequests: Number(row?.no_hits ?? 0) };
}

const DAY_MS = 86_400_000;

/** Every day from `from` to `to` (inclusive, `YYYY-MM-DD`, UTC), oldest first. Pure. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); at <= end; at += DAY_MS)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/**
 * The slice's requests per day, oldest first, one item for every day of the range: a day nobody searched is 0,
 * so a chart of the series shows the quiet days instead of joining their neighbours.
 */
export async function dailyVolumes(db: Db, s: RollupSlice): Promise<DayVolume[]> {
  const rows: { day: string; requests: string; no_hits: string }[] = await sliceOf(db, 'storefront_search_volumes', s)
    .groupBy('day')
    .select(
      db.raw("to_char(day, 'YYYY-MM-DD') as day"),
      db.raw('sum(requests) as requests'),
      db.raw('sum(no_hits) as no_hits'),
    );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return daysOf(s.from, s.to).map((day) => {
    const row = byDay.get(day);
    return { day, requests: Number(row?.requests ?? 0), noHitRequests: Number(row?.no_hits ?? 0) };
  });
}
