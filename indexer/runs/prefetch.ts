/**
 * Iterates `source` one item ahead: the next item is being produced (a catalogue batch read from PostgreSQL)
 * while the consumer works on the current one (documents, slugs, bulk), so the database and the process overlap.
 */
export async function* prefetched<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let next = iterator.next();
  for (;;) {
    const result = await next;
    if (result.done === true) return;
    next = iterator.next();
    // An early failure of the read ahead surfaces when it is awaited, not as an unhandled rejection.
    next.catch(() => undefined);
    yield result.value;
  }
}
