import { setTimeout as sleep } from 'node:timers/promises';

/** How long the reliability suite keeps a store down (issue 16: "down for 30 s"). */
export const OUTAGE_MS = 30_000;

/** A call's result and the milliseconds it took. */
export async function timed<T>(call: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await call();
  return { value, ms: performance.now() - started };
}

/**
 * Runs `round` again and again, `everyMs` apart, until `forMs` have passed since the call: an outage held that
 * long, with the system polled all along. Returns the number of rounds.
 */
export async function throughout(
  forMs: number,
  everyMs: number,
  round: (index: number) => Promise<void>,
): Promise<number> {
  const end = Date.now() + forMs;
  let rounds = 0;
  while (Date.now() < end) {
    await round(rounds++);
    await sleep(Math.max(0, Math.min(everyMs, end - Date.now())));
  }
  return rounds;
}

/** Calls `call` until `done` accepts its result (a client reconnecting); throws with the last result after `withinMs`. */
export async function eventually<T>(
  call: () => Promise<T>,
  done: (result: T) => boolean,
  withinMs = 10_000,
  describe: (result: T) => string = String,
): Promise<T> {
  const end = Date.now() + withinMs;
  for (;;) {
    const result = await call();
    if (done(result)) return result;
    if (Date.now() >= end) throw new Error(`not recovered within ${withinMs} ms; last: ${describe(result)}`);
    await sleep(100);
  }
}
