/**
 * The optimal string alignment distance between a and b (insertions, deletions, substitutions, swaps of
 * adjacent characters) when it is at most `max`, else `max + 1`. Banded, so it costs O(length × max).
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let prevPrev = new Array<number>(n + 1).fill(max + 1);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(n + 1).fill(max + 1);
    row[0] = i;
    let best = row[0];
    for (let j = Math.max(1, i - max); j <= Math.min(n, i + max); j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? max + 1) + 1, (row[j - 1] ?? max + 1) + 1, (prev[j - 1] ?? max + 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (prevPrev[j - 2] ?? max + 1) + 1);
      row[j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return Math.min(prev[n] ?? max + 1, max + 1);
}
