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
