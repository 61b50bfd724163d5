import { z } from 'zod';

/** The BullMQ queue the indexer consumes; producers (API, CLI, MCP tools) enqueue on it. */
export const INDEX_QUEUE = 'storefront-index';

export const indexJobSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('full'), siteId: z.number().int().positive() }),
  z.object({ type: z.literal('delta'), siteId: z.number().int().positive() }),
  z.object({ type: z.literal('preview'), siteId: z.number().int().positive() }),
]);
export type IndexJob = z.infer<typeof indexJobSchema>;

/** One active run per site and mode: duplicate requests coalesce on this job id. */
export const indexJobId = (job: IndexJob) => `${job.type}-${job.siteId}`;
