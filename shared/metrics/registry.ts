import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * A process's own metrics registry (never prom-client's global one): every series carries `process`, so one
 * Prometheus job can scrape every process. `nodeMetrics` adds the runtime's (CPU, memory, event loop, GC); a
 * process turns it on once, apps built in tests leave it off.
 */
export function createMetricsRegistry(processName: string, options: { nodeMetrics?: boolean } = {}): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ process: processName });
  if (options.nodeMetrics) collectDefaultMetrics({ register: registry });
  return registry;
}
