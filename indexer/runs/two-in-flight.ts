/**
 * Runs `work` on each item of `items` with at most two items' work in flight, and hands each result to `then` in
 * the items' order. The next batch's documents are built while the previous batch waits on PostgreSQL (a site's
 * first run mints every slug, and a batch's mint holds the site's slug lock). When anything fails, the work still
 * running settles before the failure is thrown, so nothing writes after the caller cleans up.
 */
export async function twoInFlight<T, R>(
  items: AsyncIterable<T>,
  work: (item: T) => Promise<R>,
  then: (result: R) => Promise<void> | void,
): Promise<void> {
  const running: Promise<R>[] = [];
  try {
    for await (const item of items) {
      const current = work(item);
      // A failure waiting its turn surfaces when it is awaited, not as an unhandled rejection.
      current.catch(() => undefined);
      running.push(current);
      if (running.length > 1) await then(await (running.shift() as Promise<R>));
    }
    while (running.length > 0) await then(await (running.shift() as Promise<R>));
  } catch (error) {
    await Promise.allSettled(running);
    throw error;
  }
}
