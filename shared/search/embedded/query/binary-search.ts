import { compareStrings } from '../../compare';

/** First position in [0, length) where `before` turns false; `before` must hold on a prefix and nowhere after it. */
export function partitionPoint(length: number, before: (position: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Ordinal of an id in a segment (ids are sorted), or -1. */
export function ordinalOf(ids: readonly string[], id: string): number {
  const at = partitionPoint(ids.length, (i) => compareStrings(ids[i] as string, id) < 0);
  return ids[at] === id ? at : -1;
}
