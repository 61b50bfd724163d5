import { errorMessage } from '../../shared/errors';
import type { IndexJob } from '../../shared/index-queue';
import { runDelta } from './delta-run';
import { runFull } from './full-run';
import { loadRunSite, type RunDeps } from './run-context';
import { failAbandonedRuns, finishRun, startRun, type RunOutcome } from './sync-runs';

/** One job as the worker hands it over. */
export interface JobInfo {
  jobId: string | null;
  attempt: number;
}

/** A run for a site that was removed (or has nothing published) is recorded as cancelled. */
async function cancel(deps: RunDeps, job: IndexJob, info: JobInfo, reason: string): Promise<void> {
  const row = await deps
    .db('storefront_sites')
    .where({ id: job.siteId })
    .first<{ tenant_id: number } | undefined>('tenant_id');
  if (row === undefined) return;
  const scope = { tenantId: row.tenant_id, siteId: job.siteId };
  const runId = await startRun(deps.db, scope, {
    mode: job.type,
    jobId: info.jobId,
    attempt: info.attempt,
    configVersion: null,
    indexName: null,
  });
  await finishRun(deps.db, runId, {
    outcome: 'cancelled',
    documentCount: 0,
    warnings: [{ code: 'CANCELLED', detail: reason }],
    timings: {},
  });
}

/**
 * Runs one index job to its sync-run row. A failure is recorded as `failed` with the error in its warnings
 * and rethrown, so the queue retries it with backoff; `gated` and `cancelled` are final. Every attempt is
 * observed in `deps.metrics` by its outcome.
 */
export async function runIndexJob(deps: RunDeps, job: IndexJob, info: JobInfo): Promise<string> {
  const finished = deps.metrics?.started(job.type);
  try {
    const outcome = await recordedRun(deps, job, info);
    finished?.(outcome);
    return outcome;
  } catch (err) {
    finished?.('failed');
    throw err;
  }
}

async function recordedRun(
  deps: RunDeps,
  job: IndexJob,
  info: JobInfo,
): Promise<Exclude<RunOutcome, 'running' | 'failed'>> {
  const site = await loadRunSite(deps.db, job.siteId, job.type === 'preview' ? 'draft' : 'published');
  if (site === null) {
    await cancel(deps, job, info, 'the site was removed or has no published config with a market');
    return 'cancelled';
  }
  await failAbandonedRuns(deps.db, site);
  try {
    if (job.type === 'delta') return (await runDelta(deps, site, info)).outcome;
    return (await runFull(deps, site, { ...info, preview: job.type === 'preview' })).outcome;
  } catch (err) {
    const message = errorMessage(err);
    await deps
      .db('storefront_sync_runs')
      .where({ tenant_id: site.tenantId, site_id: site.siteId, outcome: 'running' })
      .update({
        outcome: 'failed',
        errors: JSON.stringify([message]),
        warnings: JSON.stringify([{ code: 'ERROR', detail: message }]),
        finished_at: deps.db.fn.now(),
      });
    throw err;
  }
}
