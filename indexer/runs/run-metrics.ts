import { Counter, Histogram, type Registry } from 'prom-client';
import type { IndexJob } from '../../shared/index-queue';
import type { RunOutcome } from './sync-runs';

/** Observes index runs: `started(type)` when a run begins, the function it returns with the run's outcome. */
export type RunMetrics = { started(type: IndexJob['type']): (outcome: Exclude<RunOutcome, 'running'>) => void };

/** Seconds: deltas take milliseconds to seconds, full runs of a large catalogue minutes. */
const BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800];

/** `index_runs_total{type,outcome}` and `index_run_duration_seconds{type}` on the indexer's registry. */
export function indexRunMetrics(registry: Registry): RunMetrics {
  const runs = new Counter({
    name: 'index_runs_total',
    help: 'Index runs the worker finished, by type (full, delta, preview) and outcome (ok, gated, failed, cancelled).',
    labelNames: ['type', 'outcome'],
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'index_run_duration_seconds',
    help: 'Wall time of an index run, by type, whatever its outcome.',
    labelNames: ['type'],
    buckets: BUCKETS,
    registers: [registry],
  });
  return {
    started(type) {
      const end = durations.startTimer({ type });
      return (outcome) => {
        end();
        runs.inc({ type, outcome });
      };
    },
  };
}
