import type { ConnectionOptions, Queue } from 'bullmq';
import { createIndexQueue, requestRun } from '../shared/index-queue';

/**
 * Full runs a worker's own runs ask for (a delta whose documents the live index cannot take), queued on the queue
 * the worker consumes. The queue handle is made on first use: most workers never ask.
 */
export class FullRunRequests {
  private queue: Queue | null = null;

  constructor(
    private readonly connection: ConnectionOptions,
    private readonly prefix?: string,
  ) {}

  /** Queues a full run of the site, or joins the one already waiting. */
  async request(siteId: number): Promise<void> {
    this.queue ??= createIndexQueue(this.connection, this.prefix);
    await requestRun(this.queue, { type: 'full', siteId });
  }

  /** Closes the queue handle if one was made. */
  async close(): Promise<void> {
    const queue = this.queue;
    this.queue = null;
    await queue?.close();
  }
}
