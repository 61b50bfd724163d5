import { percentile } from '../shared/timing';
import type { BenchPeer, QueryName, QueryStats } from './bench-types';

export interface MeasureOptions {
  warmup: number;
  maxRuns: number;
  minRuns: number;
  /** Stop adding runs after this long, once minRuns are done (slow peers). */
  budgetMs: number;
}

export const DEFAULT_MEASURE: MeasureOptions = { warmup: 5, maxRuns: 300, minRuns: 10, budgetMs: 15_000 };

/** Times one query repeatedly, sequentially (latency, not throughput). */
export async function measureQuery(
  peer: BenchPeer,
  query: QueryName,
  options: MeasureOptions = DEFAULT_MEASURE,
): Promise<QueryStats> {
  let total = 0;
  for (let i = 0; i < options.warmup; i++) total = await peer.run(query);
  const samples: number[] = [];
  const started = performance.now();
  while (
    samples.length < options.maxRuns &&
    (samples.length < options.minRuns || performance.now() - started < options.budgetMs)
  ) {
    const t0 = performance.now();
    await peer.run(query);
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { medianMs: percentile(samples, 0.5), p99Ms: percentile(samples, 0.99), runs: samples.length, total };
}
