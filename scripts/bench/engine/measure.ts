import { percentile } from '../shared/timing';
import type { BenchPeer, QueryName, QueryStats } from './bench-types';

export interface MeasureOptions {
  /** Untimed runs first: at least this many, and for at least `warmupMs`. */
  warmup: number;
  /** As the Lucene peer warms each query up for 3 s in its JVM before timing it, so the JITs compare warm. */
  warmupMs: number;
  maxRuns: number;
  minRuns: number;
  /** Stop adding runs after this long, once minRuns are done (slow peers). */
  budgetMs: number;
}

export const DEFAULT_MEASURE: MeasureOptions = {
  warmup: 5,
  warmupMs: 3000,
  maxRuns: 300,
  minRuns: 10,
  budgetMs: 15_000,
};

/** Times one query repeatedly, sequentially (latency, not throughput). */
export async function measureQuery(
  peer: BenchPeer,
  query: QueryName,
  options: MeasureOptions = DEFAULT_MEASURE,
): Promise<QueryStats> {
  let total = 0;
  const warming = performance.now();
  for (let i = 0; i < options.warmup || performance.now() - warming < options.warmupMs; i++)
    total = await peer.run(query);
  const samples: number[] = [];
  const cpu: number[] = [];
  const started = performance.now();
  while (
    samples.length < options.maxRuns &&
    (samples.length < options.minRuns || performance.now() - started < options.budgetMs)
  ) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await peer.run(query);
    samples.push(performance.now() - t0);
    const used = process.cpuUsage(c0);
    cpu.push((used.user + used.system) / 1000);
  }
  samples.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    medianMs: percentile(samples, 0.5),
    p99Ms: percentile(samples, 0.99),
    runs: samples.length,
    total,
    // A server peer's work is in another process: this process's CPU would be the client's alone.
    ...(peer.inProcess === true && { cpuMedianMs: percentile(cpu, 0.5) }),
  };
}

/** The CPU median of a query's runs for the log, where it was measured. */
export const cpuNote = (s: QueryStats): string =>
  s.cpuMedianMs === undefined ? '' : `, CPU median ${s.cpuMedianMs.toFixed(3)} ms`;
