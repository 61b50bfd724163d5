import type { Knex } from '../db/knex';
import type { GroupKey, Rollups } from './search-rollup';

// The roll-up tables (migration 0105). Writes add to what other processes and earlier flushes wrote; rows of a
// site that no longer exists are skipped rather than failing the whole flush.

const GROUP_TYPES = 'tenant_id int, site_id int, day date, market text, language text, kind text';

const groupColumns = (g: GroupKey) => ({
  tenant_id: g.tenantId,
  site_id: g.siteId,
  day: g.day,
  market: g.market,
  language: g.language,
  kind: g.kind,
});

/** INSERT of JSON rows that exist as sites, adding to a conflicting row (`update` lists its SET clauses). */
function upsertSql(table: string, types: string, keyColumns: readonly string[], update: string): string {
  const columns = types.split(',').map((c) => c.trim().split(' ')[0]);
  return `insert into ${table} (${columns.join(', ')})
    select ${columns.map((c) => `v.${c}`).join(', ')} from jsonb_to_recordset(?::jsonb) as v(${types})
    where exists (select 1 from storefront_sites s where s.tenant_id = v.tenant_id and s.id = v.site_id)
    on conflict (${keyColumns.join(', ')}) do update set ${update}`;
}

const KEY = ['site_id', 'day', 'market', 'language', 'kind'];
const add = (columns: readonly string[], table: string) =>
  columns.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ');

const VOLUMES = upsertSql(
  'storefront_search_volumes',
  `${GROUP_TYPES}, requests bigint, no_hits bigint`,
  KEY,
  add(['requests', 'no_hits'], 'storefront_search_volumes'),
);
const QUERY_COUNTS = ['count', 'no_hits', 'corrected', 'redirected', 'ruled', 'paged'];
const QUERIES = upsertSql(
  'storefront_search_queries',
  `${GROUP_TYPES}, query text, count bigint, no_hits bigint, corrected bigint, redirected bigint, ruled bigint, paged bigint, last_total int`,
  [...KEY, 'query'],
  `${add(QUERY_COUNTS, 'storefront_search_queries')}, last_total = excluded.last_total, last_at = now()`,
);
const FILTERS = upsertSql(
  'storefront_search_filters',
  `${GROUP_TYPES}, filter text, count bigint`,
  [...KEY, 'filter'],
  add(['count'], 'storefront_search_filters'),
);

/** How many rows a group may keep in each table; rows past them (the least counted) are deleted after a write. */
export type StoreBounds = { queriesPerGroup: number; filtersPerGroup: number };

/** Adds one flush's roll-ups, then trims the groups it touched to their bounds, in one transaction. */
export async function writeRollups(db: Knex, rollups: Rollups, bounds: StoreBounds): Promise<void> {
  if (rollups.volumes.length === 0) return;
  await db.transaction(async (trx) => {
    await trx.raw(VOLUMES, [
      JSON.stringify(rollups.volumes.map((v) => ({ ...groupColumns(v), requests: v.requests, no_hits: v.noHits }))),
    ]);
    const queries = rollups.queries.map((q) => ({
      ...groupColumns(q),
      query: q.query,
      count: q.count,
      no_hits: q.noHits,
      corrected: q.corrected,
      redirected: q.redirected,
      ruled: q.ruled,
      paged: q.paged,
      last_total: q.lastTotal,
    }));
    if (queries.length > 0) await trx.raw(QUERIES, [JSON.stringify(queries)]);
    if (rollups.filters.length > 0)
      await trx.raw(FILTERS, [
        JSON.stringify(rollups.filters.map((f) => ({ ...groupColumns(f), filter: f.filter, count: f.count }))),
      ]);
    const groups = JSON.stringify(rollups.volumes.map(groupColumns));
    await trim(trx, 'storefront_search_queries', 'query', groups, bounds.queriesPerGroup);
    await trim(trx, 'storefront_search_filters', 'filter', groups, bounds.filtersPerGroup);
  });
}

/** Deletes the rows of the given groups past the `keep` most counted (ties by name). */
async function trim(trx: Knex.Transaction, table: string, name: string, groups: string, keep: number): Promise<void> {
  await trx.raw(
    `delete from ${table} t using (
       select r.site_id, r.day, r.market, r.language, r.kind, r.${name},
              row_number() over (partition by r.site_id, r.day, r.market, r.language, r.kind order by r.count desc, r.${name}) as rank
       from ${table} r join jsonb_to_recordset(?::jsonb) as g(${GROUP_TYPES})
         on (r.site_id, r.day, r.market, r.language, r.kind) = (g.site_id, g.day, g.market, g.language, g.kind)
     ) ranked
     where ranked.rank > ? and (t.site_id, t.day, t.market, t.language, t.kind, t.${name}) = (ranked.site_id, ranked.day, ranked.market, ranked.language, ranked.kind, ranked.${name})`,
    [groups, keep],
  );
}

/** Deletes the roll-ups of days more than `days` before `today` (UTC); returns the rows deleted. */
export async function deleteOlderThan(db: Knex, days: number, today: string): Promise<number> {
  let deleted = 0;
  for (const table of ['storefront_search_volumes', 'storefront_search_queries', 'storefront_search_filters']) {
    deleted += await db(table)
      .where('day', '<', db.raw(`?::date - ?::int`, [today, days]))
      .delete();
  }
  return deleted;
}
