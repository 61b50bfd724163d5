/** The value at quantile `q` (0..1) of ascending samples, nearest-rank; NaN when there are none. */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

export type Timing = { median: number; p99: number; samples: number[] };

/** Sequential timings of `fn` in milliseconds, after `warmup` untimed runs: median and p99. */
export async function timeRuns(fn: () => unknown, options: { runs: number; warmup?: number }): Promise<Timing> {
  for (let i = 0; i < (options.warmup ?? 10); i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < options.runs; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 0.5), p99: percentile(samples, 0.99), samples };
}
