/** Polls `probe` every `everyMs` until it gives a value (not undefined); fails the test after `ms`. */
export async function until<T>(probe: () => Promise<T | undefined>, ms = 30_000, everyMs = 100): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
