/**
 * Milliseconds a fixed integer loop takes on this process's core now. This machine's cores change speed for
 * minutes at a time (about 1.6 times slower in their slow phase, which neither the load average nor CPU time
 * shows), so a bench reports the probe beside its figures: runs are compared at like speeds.
 */
export function cpuProbeMs(): number {
  const started = performance.now();
  let sum = 0;
  for (let i = 0; i < 300_000_000; i++) sum += i & 7;
  const ms = performance.now() - started;
  // The sum is used, so the loop cannot be dropped.
  return sum < 0 ? -1 : Math.round(ms);
}
