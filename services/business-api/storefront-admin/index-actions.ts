import type { Queue } from 'bullmq';
import { AliasActionError, confirmGated, rollback } from '../../../indexer/runs/alias-actions';
import { loadRunSite, type RunDeps, type RunSite } from '../../../indexer/runs/run-context';
import type { IndexStats } from '../../../indexer/runs/gate';
import { siteIndexNames } from '../../../indexer/runs/index-names';
import {
  listRuns,
  newestRunOf,
  runOfIndex,
  swapHistory,
  type RunMode,
  type RunOutcome,
  type SyncRun,
} from '../../../indexer/runs/sync-runs';
import type { Knex } from '../../../shared/db/knex';
import { requestRun } from '../../../shared/index-queue';
import type { Logger } from '../../../shared/logger';
import type { SearchEngine } from '../../../shared/search';
import { getPublished } from '../../../shared/storefront-config/site-store';

/**
 * Index runs as every front door takes them (the REST admin API, the MCP tools, the CLI): queueing a run,
 * confirming a gated run, rolling back, and the sync status. The caller has checked the site is the tenant's.
 */

/** A full run whose document count falls below this share of the live one is gated (the indexer's default). */
export const GATE_FRACTION = 0.5;

export type SiteScope = { tenantId: number; siteId: number };

/** What the alias actions need: the database, the search engine (built on first use) and a logger. */
export type AliasActionDeps = { db: Knex; engine: () => Promise<SearchEngine>; logger: Logger };

export const NOT_PUBLISHED = 'The site has no published config yet: publish it first.';

/** Queues a full run of the published config, or a preview run of the draft; one already waiting is joined. */
export async function queueRun(
  queue: Queue,
  scope: SiteScope,
  mode: 'full' | 'preview',
): Promise<{ queued: string | null }> {
  const { jobId } = await requestRun(queue, { type: mode, siteId: scope.siteId });
  return { queued: jobId ?? null };
}

/** The site as its published runs see it; an AliasActionError before the first publish. */
async function publishedSite(db: Knex, scope: SiteScope): Promise<RunSite> {
  const site = await loadRunSite(db, scope.siteId, 'published');
  if (site === null || site.tenantId !== scope.tenantId) throw new AliasActionError(NOT_PUBLISHED);
  return site;
}

const runDeps = async (deps: AliasActionDeps): Promise<RunDeps> => ({
  db: deps.db,
  engine: await deps.engine(),
  logger: deps.logger,
  gateFraction: GATE_FRACTION,
});

/**
 * Puts the newest gated run's index live (a person's confirmation); AliasActionError when none awaits. Returns the
 * index.
 */
export async function confirmGatedRun(deps: AliasActionDeps, scope: SiteScope): Promise<string> {
  const site = await publishedSite(deps.db, scope);
  return confirmGated(await runDeps(deps), site);
}

/** Points the live alias back at the index live before; AliasActionError when there is none. Returns that index. */
export async function rollbackLive(deps: AliasActionDeps, scope: SiteScope): Promise<string> {
  const site = await publishedSite(deps.db, scope);
  return rollback(await runDeps(deps), site);
}

/**
 * The site's newest runs (of `modes` when given), and its status: the outcome of the newest full run (`never-run`
 * before one). The status
 * does not depend on `limit`: deltas run every few seconds, so the newest full run is often beyond the page. A gated
 * run a person confirmed keeps its `gated` outcome (the record of what tripped) but no longer awaits anything: the
 * status is then `ok`.
 */
export async function syncStatus(
  db: Knex,
  scope: SiteScope,
  limit: number,
  modes?: readonly RunMode[],
): Promise<{ status: RunOutcome | 'never-run'; runs: SyncRun[] }> {
  const runs = await listRuns(db, scope, limit, modes);
  const full = runs.find((r) => r.mode === 'full') ?? (await newestRunOf(db, scope, 'full'));
  if (full?.outcome === 'gated' && full.swappedAt !== null) return { status: 'ok', runs };
  return { status: full?.outcome ?? 'never-run', runs };
}

/** Documents done of the total, as the indexer's worker reports a running job's progress. */
export type RunProgress = { done: number; total: number };

const isProgress = (value: unknown): value is RunProgress =>
  typeof value === 'object' &&
  value !== null &&
  Number.isInteger((value as RunProgress).done) &&
  Number.isInteger((value as RunProgress).total);

/**
 * The progress of each running run, by run id, read from its BullMQ job (the worker sets `{done, total}` after each
 * batch). A run without a job, or whose job is gone or has reported nothing yet, is left out.
 */
export async function runProgress(db: Knex, queue: Queue, runs: SyncRun[]): Promise<Map<number, RunProgress>> {
  const running = runs.filter((r) => r.outcome === 'running').map((r) => r.id);
  const progress = new Map<number, RunProgress>();
  if (running.length === 0) return progress;
  // whereNotNull: every row read here has a job id.
  const jobs: { id: string; job_id: string }[] = await db('storefront_sync_runs')
    .whereIn('id', running)
    .whereNotNull('job_id')
    .select('id', 'job_id');
  await Promise.all(
    jobs.map(async ({ id, job_id }) => {
      const job = await queue.getJob(job_id);
      if (job !== undefined && isProgress(job.progress))
        progress.set(Number(id), { done: job.progress.done, total: job.progress.total });
    }),
  );
  return progress;
}

/** An index of the site's full runs as the engine holds it, with the run that built it (null when none recorded it). */
export type SiteIndex = {
  indexName: string;
  documentCount: number;
  runId: number | null;
  configVersion: number | null;
  swappedAt: Date | null;
  stats: IndexStats | null;
};

/** The live index, and the index a rollback would put live (null when there is none). */
export type LiveIndices = { live: SiteIndex | null; rollbackTo: SiteIndex | null };

/**
 * What the live alias points to, with its document count now (deltas change it after its run), and the index a
 * rollback would choose: the newest one live before it that still exists, as rollback() picks it. Both null before
 * the site's first publish or first full run.
 */
export async function liveIndices(db: Knex, engine: SearchEngine, scope: SiteScope): Promise<LiveIndices> {
  const published = await getPublished(db, scope.tenantId, scope.siteId);
  if (published === null) return { live: null, rollbackTo: null };
  const names = siteIndexNames(scope.siteId, published.config.site.code);
  const [liveName, existing] = await Promise.all([
    engine.resolveAlias(names.alias),
    engine.listIndices(names.fullPrefix),
  ]);
  const describe = async (indexName: string, docCount: number): Promise<SiteIndex> => {
    const run = await runOfIndex(db, scope, indexName);
    return {
      indexName,
      documentCount: docCount,
      runId: run?.id ?? null,
      configVersion: run?.configVersion ?? null,
      swappedAt: run?.swappedAt ?? null,
      stats: run?.stats ?? null,
    };
  };
  const counts = new Map(existing.map((i) => [i.name, i.docCount]));
  const previous = (await swapHistory(db, scope)).find((name) => name !== liveName && counts.has(name));
  const previousCount = previous === undefined ? undefined : counts.get(previous);
  return {
    live: liveName === null ? null : await describe(liveName, counts.get(liveName) ?? (await engine.count(liveName))),
    rollbackTo: previous === undefined || previousCount === undefined ? null : await describe(previous, previousCount),
  };
}
