import { UnrecoverableError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import type { Knex } from 'knex';
import { INDEX_QUEUE, indexJobSchema, type IndexJob } from '../shared/index-queue';
import type { Logger } from '../shared/logger';

export type IndexerDeps = { db: Knex; connection: ConnectionOptions; logger: Logger; prefix?: string };
export type IndexRunner = (job: IndexJob, deps: IndexerDeps) => Promise<void>;

/** Runners per mode; a mode without a runner fails its job once, without retries. */
export type IndexRunners = Partial<Record<IndexJob['type'], IndexRunner>>;

/** The BullMQ worker of the `storefront-index` queue, one job at a time. */
export function createWorker(deps: IndexerDeps, runners: IndexRunners): Worker {
  const processor = async (job: Job) => {
    const parsed = indexJobSchema.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`invalid index job: ${parsed.error.message}`);
    const runner = runners[parsed.data.type];
    if (!runner) throw new UnrecoverableError(`no runner for ${parsed.data.type} index runs`);
    await runner(parsed.data, { ...deps, logger: deps.logger.child({ jobId: job.id }) });
  };
  return new Worker(INDEX_QUEUE, processor, { connection: deps.connection, prefix: deps.prefix, concurrency: 1 });
}
