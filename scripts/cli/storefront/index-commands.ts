import cliProgress from 'cli-progress';
import type { Queue } from 'bullmq';
import { requestRun } from '../../../shared/index-queue';
import { createLogger } from '../../../shared/logger';
import { afterPublish } from '../../../shared/storefront-config/on-published';
import { publishConfig } from '../../../shared/storefront-config/publish';
import { listRuns } from '../../../indexer/runs/sync-runs';
import {
  confirmGatedRun,
  rollbackLive,
  type AliasActionDeps,
} from '../../../services/business-api/storefront-admin/index-actions';
import { siteOf } from './context';
import { parseOptions } from './options';
import type { CliServices } from './services';

type Print = (value: unknown) => void;

export type ServiceAction = (services: CliServices, args: string[], print: Print) => Promise<void>;

/** The alias actions' dependencies, as the REST admin API and the MCP tools give them. */
const aliasDeps = (s: CliServices): AliasActionDeps => ({
  db: s.db,
  engine: async () => (await s.engine()).engine,
  logger: createLogger({ name: 'cli', level: 'warn' }),
});

/** `publish --tenant T --site S --note "..."`: a new version; serving processes reload, a full run is queued. */
export const publishAction: ServiceAction = async (s, args, print) => {
  const o = parseOptions(args, ['tenant', 'site', 'note']);
  const { tenantId, siteId } = await siteOf(s.db, o);
  print(
    await publishConfig(
      s.db,
      tenantId,
      siteId,
      typeof o.note === 'string' ? o.note : '',
      afterPublish({ redis: s.redis, queue: s.queue, deltaEveryMs: s.queueConfig.STOREFRONT_DELTA_EVERY_MS }),
    ),
  );
};

/** Follows a queued run with a progress bar until it finishes; returns its outcome. */
async function follow(queue: Queue, jobId: string): Promise<unknown> {
  const bar = new cliProgress.SingleBar(
    { format: 'Indexing [{bar}] {percentage}% | {value}/{total} documents', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  try {
    for (;;) {
      const job = await queue.getJob(jobId);
      if (job === undefined) return 'unknown';
      const progress = job.progress as { done?: number; total?: number } | number;
      if (typeof progress === 'object' && progress.total !== undefined) {
        if (!started) bar.start(progress.total, 0);
        started = true;
        bar.update(progress.done ?? 0);
      }
      if (job.finishedOn !== undefined && (job.returnvalue !== null || job.attemptsMade >= (job.opts.attempts ?? 1)))
        return job.returnvalue ?? job.failedReason;
      await new Promise((r) => setTimeout(r, 250));
    }
  } finally {
    if (started) bar.stop();
  }
}

/**
 * `reindex --tenant T --site S [--preview] [--wait]`: queues a full (or preview) run; `--confirm` instead swaps
 * in the newest gated run's index.
 */
export const reindexAction: ServiceAction = async (s, args, print) => {
  const o = parseOptions(args, ['tenant', 'site'], ['confirm', 'preview', 'wait']);
  const scope = await siteOf(s.db, o);
  if (o.confirm === true) {
    print({ confirmed: await confirmGatedRun(aliasDeps(s), scope) });
    return;
  }
  const { jobId } = await requestRun(s.queue, { type: o.preview === true ? 'preview' : 'full', siteId: scope.siteId });
  if (o.wait === true && jobId !== undefined) print({ jobId, outcome: await follow(s.queue, jobId) });
  else print({ queued: jobId, note: 'the indexer runs it; follow it with sync-status (or pass --wait)' });
};

/** `rollback --tenant T --site S`: the live alias goes back to the previous index. */
export const rollbackAction: ServiceAction = async (s, args, print) => {
  const scope = await siteOf(s.db, parseOptions(args, ['tenant', 'site']));
  print({ live: await rollbackLive(aliasDeps(s), scope) });
};

/** `sync-status --tenant T --site S [--limit N]`: the newest runs. */
export const syncStatusAction: ServiceAction = async (s, args, print) => {
  const o = parseOptions(args, ['tenant', 'site', 'limit']);
  const scope = await siteOf(s.db, o);
  print(await listRuns(s.db, scope, typeof o.limit === 'string' ? Math.min(Number(o.limit) || 10, 200) : 10));
};
