import type { Queue } from 'bullmq';
import { Gauge, type Registry } from 'prom-client';

/** The states a job waits or works in; completed and failed jobs are history, not depth. */
const STATES = ['waiting', 'prioritized', 'delayed', 'active'] as const;

/**
 * `index_queue_jobs{state}`: the index queue's jobs by state, read from Redis on each scrape. A scrape while
 * Redis does not answer within `timeoutMs` shows no series (unknown), rather than a stale or made-up depth.
 */
export function queueDepthGauge(registry: Registry, queue: Queue, timeoutMs = 1000): Gauge<'state'> {
  return new Gauge({
    name: 'index_queue_jobs',
    help: 'Jobs of the storefront-index queue by state (waiting, prioritized, delayed, active), read at scrape time.',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const counts = await within(timeoutMs, queue.getJobCounts(...STATES));
      this.reset();
      if (counts === null) return;
      for (const state of STATES) this.set({ state }, counts[state] ?? 0);
    },
  });
}

/** The promise's value, or null when it fails or takes longer than `ms`. */
async function within<T>(ms: number, promise: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([promise.catch(() => null), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
