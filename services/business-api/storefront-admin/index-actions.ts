import type { Queue } from 'bullmq';
import { AliasActionError, confirmGated, rollback } from '../../../indexer/runs/alias-actions';
import { loadRunSite, type RunDeps, type RunSite } from '../../../indexer/runs/run-context';
import { listRuns, newestRunOf, type RunOutcome, type SyncRun } from '../../../indexer/runs/sync-runs';
import type { Knex } from '../../../shared/db/knex';
import { requestRun } from '../../../shared/index-queue';
import type { Logger } from '../../../shared/logger';
import type { SearchEngine } from '../../../shared/search';

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
export async function queueRun(queue: Queue, scope: SiteScope, mode: 'full' | 'preview'): Promise<{ queued: string | null }> {
  const { jobId } = await requestRun(queue, { type: mode, siteId: scope.siteId });
  return { queued: jobId ?? null };
}

/** The site as its published runs see it; an AliasActionError before the first publish. */
async function publishedSite(db: Knex, scope: SiteScope): Promise<RunSite> {
  const site = await loadRunSite(db, scope.siteId, 'published');
  if (site === null || site.tenantId !== scope.tenantId) throw new AliasActionError(NOT_PUBLISHED);
  return site;
}

const runDeps = async (deps: AliasActionDeps): Promise<RunDeps> => ({ db: deps.db, engine: await deps.engine(), logger: deps.logger, gateFraction: GATE_FRACTION });

/** Puts the newest gated run's index live (a person's confirmation); AliasActionError when none awaits. Returns the index. */
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
 * The site's newest runs, and its status: the outcome of the newest full run (`never-run` before one). The status
 * does not depend on `limit`: deltas run every few seconds, so the newest full run is often beyond the page.
 */
export async function syncStatus(db: Knex, scope: SiteScope, limit: number): Promise<{ status: RunOutcome | 'never-run'; runs: SyncRun[] }> {
  const runs = await listRuns(db, scope, limit);
  const full = runs.find((r) => r.mode === 'full') ?? (await newestRunOf(db, scope, 'full'));
  return { status: full?.outcome ?? 'never-run', runs };
}
