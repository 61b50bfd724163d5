import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';
import { z } from 'zod';

/** Queue settings every producer and the indexer read from the environment. */
export const queueConfigSchema = z.object({
  /** BullMQ key prefix; tests give each run its own. */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, _ or -')
    .default('bull'),
  /** How often each published site's delta run repeats. */
  STOREFRONT_DELTA_EVERY_MS: z.coerce.number().int().min(1000).max(86_400_000).default(10_000),
});
export type QueueConfig = z.infer<typeof queueConfigSchema>;

/** The BullMQ queue the indexer consumes; producers (API, CLI, MCP tools) enqueue on it. */
export const INDEX_QUEUE = 'storefront-index';

export const indexJobSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('full'), siteId: z.number().int().positive() }),
  z.object({ type: z.literal('delta'), siteId: z.number().int().positive() }),
  z.object({ type: z.literal('preview'), siteId: z.number().int().positive() }),
]);
export type IndexJob = z.infer<typeof indexJobSchema>;

/**
 * Requests of one mode for one site coalesce on this id while one waits; the worker releases it when the run
 * starts, so at most one run is active and one waits behind it.
 */
export const indexJobId = (job: IndexJob) => `${job.type}-${job.siteId}`;

/** Failed runs are retried with exponential backoff (1 s, 2 s, 4 s, ...); a gated run is final, not a failure. */
export const RUN_RETRIES: Pick<JobsOptions, 'attempts' | 'backoff'> = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
};

const KEEP = { removeOnComplete: { count: 200 }, removeOnFail: { count: 500 } };

export function createIndexQueue(connection: ConnectionOptions, prefix?: string): Queue {
  return new Queue(INDEX_QUEUE, { connection, prefix });
}

/** Queues a run unless one of the same mode for the site is already waiting (then this request joins it). */
export async function requestRun(queue: Queue, job: IndexJob): Promise<{ jobId: string | undefined }> {
  const added = await queue.add(job.type, job, { ...RUN_RETRIES, ...KEEP, deduplication: { id: indexJobId(job) } });
  return { jobId: added.id };
}

/** A repeatable delta run for the site every `everyMs` (upserted: calling it again changes the interval). */
export async function scheduleDeltas(queue: Queue, siteId: number, everyMs: number): Promise<void> {
  const job: IndexJob = { type: 'delta', siteId };
  await queue.upsertJobScheduler(
    `delta-${siteId}`,
    { every: everyMs },
    { name: 'delta', data: job, opts: { ...RUN_RETRIES, ...KEEP } },
  );
}

export async function unscheduleDeltas(queue: Queue, siteId: number): Promise<void> {
  await queue.removeJobScheduler(`delta-${siteId}`);
}
