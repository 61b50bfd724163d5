import type { Db } from '../../shared/db/knex';
import type { IndexStats } from './gate';

export type RunMode = 'full' | 'delta' | 'preview';
export type RunOutcome = 'running' | 'ok' | 'gated' | 'failed' | 'cancelled';

/** A warning on a run: a product left out (`NO_PRICE`, `INACTIVE`, ...), a gate trip, or an error. */
export interface RunWarning {
  code: string;
  productId?: string;
  detail?: string;
}

export interface SyncRun {
  id: number;
  siteId: number;
  mode: RunMode;
  outcome: RunOutcome;
  documentCount: number;
  total: number | null;
  errors: string[];
  warnings: RunWarning[];
  timings: Record<string, number>;
  stats: IndexStats | null;
  indexName: string | null;
  configVersion: number | null;
  attempt: number;
  startedAt: Date;
  finishedAt: Date | null;
  swappedAt: Date | null;
}

type Row = {
  id: string;
  site_id: number;
  mode: RunMode;
  outcome: RunOutcome;
  document_count: number;
  total: number | null;
  errors: string[];
  warnings: RunWarning[];
  timings: Record<string, number>;
  stats: IndexStats | null;
  index_name: string | null;
  config_version: number | null;
  attempt: number;
  started_at: Date;
  finished_at: Date | null;
  swapped_at: Date | null;
};

const toRun = (r: Row): SyncRun => ({
  id: Number(r.id),
  siteId: r.site_id,
  mode: r.mode,
  outcome: r.outcome,
  documentCount: r.document_count,
  total: r.total,
  errors: r.errors,
  warnings: r.warnings,
  timings: r.timings,
  stats: r.stats,
  indexName: r.index_name,
  configVersion: r.config_version,
  attempt: r.attempt,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  swappedAt: r.swapped_at,
});

type Scope = { tenantId: number; siteId: number };

export async function startRun(
  db: Db,
  scope: Scope,
  run: { mode: RunMode; jobId: string | null; attempt: number; configVersion: number | null; indexName: string | null },
): Promise<number> {
  const [row] = await db('storefront_sync_runs')
    .insert({
      tenant_id: scope.tenantId,
      site_id: scope.siteId,
      mode: run.mode,
      outcome: 'running',
      job_id: run.jobId,
      attempt: run.attempt,
      config_version: run.configVersion,
      index_name: run.indexName,
    })
    .returning<{ id: string }[]>('id');
  if (row === undefined) throw new Error('sync run insert returned no row');
  return Number(row.id);
}

export async function updateRun(
  db: Db,
  id: number,
  fields: Partial<{ total: number; documentCount: number; indexName: string }>,
): Promise<void> {
  await db('storefront_sync_runs')
    .where({ id })
    .update({ total: fields.total, document_count: fields.documentCount, index_name: fields.indexName });
}

export async function finishRun(
  db: Db,
  id: number,
  result: {
    outcome: Exclude<RunOutcome, 'running'>;
    documentCount: number;
    warnings: RunWarning[];
    errors?: string[];
    timings: Record<string, number>;
    stats?: IndexStats | null;
    swapped?: boolean;
  },
): Promise<void> {
  await db('storefront_sync_runs')
    .where({ id })
    .update({
      outcome: result.outcome,
      document_count: result.documentCount,
      warnings: JSON.stringify(result.warnings),
      errors: JSON.stringify(result.errors ?? []),
      timings: JSON.stringify(result.timings),
      stats: result.stats === undefined || result.stats === null ? null : JSON.stringify(result.stats),
      finished_at: db.fn.now(),
      swapped_at: result.swapped ? db.fn.now() : null,
    });
}

/** Runs a killed worker left `running` are over: they are marked failed before the site's next run. */
export async function failAbandonedRuns(db: Db, scope: Scope): Promise<void> {
  await db('storefront_sync_runs')
    .where({ tenant_id: scope.tenantId, site_id: scope.siteId, outcome: 'running' })
    .update({
      outcome: 'failed',
      errors: JSON.stringify(['the worker stopped during the run']),
      finished_at: db.fn.now(),
    });
}

/** The site's runs, newest first; with `modes`, only runs of those modes (deltas otherwise crowd out full runs). */
export async function listRuns(db: Db, scope: Scope, limit = 20, modes?: readonly RunMode[]): Promise<SyncRun[]> {
  const query = db('storefront_sync_runs').where({ tenant_id: scope.tenantId, site_id: scope.siteId });
  if (modes !== undefined && modes.length > 0) query.whereIn('mode', modes);
  const rows: Row[] = await query.orderBy('id', 'desc').limit(limit);
  return rows.map(toRun);
}

/** The site's newest run of `mode`, however many runs of other modes came after it; null before one. */
export async function newestRunOf(db: Db, scope: Scope, mode: RunMode): Promise<SyncRun | null> {
  const row = await db('storefront_sync_runs')
    .where({ tenant_id: scope.tenantId, site_id: scope.siteId, mode })
    .orderBy('id', 'desc')
    .first<Row | undefined>();
  return row === undefined ? null : toRun(row);
}

/** The run that built an index (its stats feed the gate), or null. */
export async function runOfIndex(db: Db, scope: Scope, indexName: string): Promise<SyncRun | null> {
  const row = await db('storefront_sync_runs')
    .where({ tenant_id: scope.tenantId, site_id: scope.siteId, index_name: indexName })
    .whereIn('mode', ['full', 'preview'])
    .whereNotNull('stats')
    .orderBy('id', 'desc')
    .first<Row | undefined>();
  return row === undefined ? null : toRun(row);
}

/** Marks an index as swapped in now (a confirm or a rollback), for the swap history rollback reads. */
export async function recordSwap(db: Db, scope: Scope, runId: number): Promise<void> {
  await db('storefront_sync_runs')
    .where({ tenant_id: scope.tenantId, site_id: scope.siteId, id: runId })
    .update({ swapped_at: db.fn.now() });
}

/** Full-run indices in the order they went live, newest first (each once). */
export async function swapHistory(db: Db, scope: Scope): Promise<string[]> {
  const rows: { index_name: string }[] = await db('storefront_sync_runs')
    .where({ tenant_id: scope.tenantId, site_id: scope.siteId, mode: 'full' })
    .whereNotNull('swapped_at')
    .whereNotNull('index_name')
    .orderBy('swapped_at', 'desc')
    .select('index_name');
  return [...new Set(rows.map((r) => r.index_name))];
}
