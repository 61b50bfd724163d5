// @ts-check
// A refresh loop: `refresh` runs, then the loop waits `delay()` (short while a run goes, longer otherwise) or until
// woken (after an action, so its effect shows at once); it stops when the page's signal aborts.

/**
 * @param {{ refresh: () => Promise<void>, delay: () => number, signal: AbortSignal }} o
 * @returns {{ wake: () => void, first: Promise<void>, done: Promise<void> }} `first` settles after the first refresh
 */
export function pollLoop(o) {
  /** @type {() => void} */
  let wake = () => {};
  // Woken during a refresh (not a pause): the next refresh follows at once.
  let woken = false;
  const pause = (/** @type {number} */ ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(finish, ms);
      function finish() {
        clearTimeout(timer);
        o.signal.removeEventListener('abort', finish);
        wake = () => {};
        resolve(undefined);
      }
      wake = finish;
      o.signal.addEventListener('abort', finish, { once: true });
    });
  /** @type {() => void} */
  let firstDone = () => {};
  const first = new Promise((resolve) => (firstDone = () => resolve(undefined)));
  const done = (async () => {
    while (!o.signal.aborted) {
      woken = false;
      await o.refresh();
      firstDone();
      if (o.signal.aborted) return;
      if (!woken) await pause(o.delay());
    }
    firstDone(); // left before the first answer: nothing waits for it
  })();
  return {
    wake: () => {
      woken = true;
      wake();
    },
    first,
    done,
  };
}
