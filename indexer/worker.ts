import { UnrecoverableError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import { INDEX_QUEUE, indexJobSchema } from '../shared/index-queue';
import type { RunDeps } from './runs/run-context';
import { runIndexJob } from './runs/run-job';
import { FullRunRequests } from './full-run-requests';

export type IndexerDeps = Omit<RunDeps, 'onProgress'> & {
  connection: ConnectionOptions;
  prefix?: string;
  /** Brings the engine's view of aliases up to date before a run (the embedded engine loads live indices). */
  syncEngine?: () => Promise<void>;
  /** Worker lock settings; tests shorten them so a killed worker's job is picked up again quickly. */
  lockDuration?: number;
  stalledInterval?: number;
};

/**
 * The BullMQ worker of the `storefront-index` queue: one run at a time, so runs of one site never overlap. Full
 * runs its runs ask for go on the same queue unless `deps.requestFullRun` says otherwise.
 */
export function createWorker(deps: IndexerDeps): Worker {
  // Makes its queue handle only when a run asks, so a worker given its own requestFullRun costs nothing.
  const ownRequests = new FullRunRequests(deps.connection, deps.prefix);
  const requestFullRun = deps.requestFullRun ?? ((siteId: number) => ownRequests.request(siteId));
  const processor = async (job: Job) => {
    const parsed = indexJobSchema.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`invalid index job: ${parsed.error.message}`);
    // The run has started: a new request may now wait behind it instead of joining it.
    await job.removeDeduplicationKey();
    await deps.syncEngine?.();
    const logger = deps.logger.child({ jobId: job.id, site: parsed.data.siteId, mode: parsed.data.type });
    const onProgress = (done: number, total: number) => job.updateProgress({ done, total });
    const outcome = await runIndexJob({ ...deps, logger, onProgress, requestFullRun }, parsed.data, {
      jobId: job.id ?? null,
      attempt: job.attemptsMade + 1,
    });
    // A delta every few seconds that found nothing is routine: only runs that did something are logged at info.
    logger[parsed.data.type === 'delta' && outcome === 'ok' ? 'debug' : 'info']({ outcome }, 'index run finished');
    return outcome;
  };
  const worker = new Worker(INDEX_QUEUE, processor, {
    connection: deps.connection,
    prefix: deps.prefix,
    concurrency: 1,
    ...(deps.lockDuration !== undefined && { lockDuration: deps.lockDuration }),
    ...(deps.stalledInterval !== undefined && { stalledInterval: deps.stalledInterval }),
  });
  worker.on('closed', () => void ownRequests.close());
  return worker;
}
