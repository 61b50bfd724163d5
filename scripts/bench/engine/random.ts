/** Seeded PRNG (mulberry32) so every run benchmarks the same catalogue and queries. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
}

/** Samples ranks 0..n-1 with Zipf-like weights 1/(rank+1)^s: a few brands own most products. */
export class Zipf {
  private readonly cumulative: Float64Array;

  constructor(n: number, s: number) {
    this.cumulative = new Float64Array(n);
    let total = 0;
    for (let i = 0; i < n; i++) this.cumulative[i] = total += 1 / Math.pow(i + 1, s);
    for (let i = 0; i < n; i++) this.cumulative[i] = (this.cumulative[i] as number) / total;
  }

  sample(random: Random): number {
    const u = random.next();
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.cumulative[mid] as number) < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
