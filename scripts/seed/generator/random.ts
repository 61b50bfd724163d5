import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

const TWO_32 = 4294967296;

/** A deterministic random source with the few draws the generator needs. */
export class Rng {
  constructor(private readonly gen: RandomGenerator) {}

  /** Uniform in [0, 1), from one 32-bit draw (plenty for seed data, and fast). */
  float(): number {
    return (this.gen.next() >>> 0) / TWO_32;
  }

  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.float() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)] as T;
  }

  /** One of `entries`, chosen with probability proportional to its weight. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    let total = 0;
    for (const [, weight] of entries) total += weight;
    let draw = this.float() * total;
    for (const [value, weight] of entries) {
      draw -= weight;
      if (draw < 0) return value;
    }
    return entries[entries.length - 1][0];
  }

  /** `length` lowercase hex characters. */
  hex(length: number): string {
    let out = '';
    while (out.length < length) out += (this.gen.next() >>> 0).toString(16).padStart(8, '0');
    return out.slice(0, length);
  }
}

/** murmur3's 32-bit finaliser: spreads nearby inputs far apart. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The random source of one entity (`index`) of one kind (`stream`): independent of every other entity,
 * so any entity can be regenerated on its own, in any order, and always comes out the same.
 */
export function rngFor(seed: number, stream: number, index: number): Rng {
  const gen = xoroshiro128plus(mix(mix(mix(seed) ^ Math.imul(stream, 0x9e3779b1)) ^ index) | 0);
  // The first outputs after seeding track the seed closely; skip them.
  gen.next();
  gen.next();
  return new Rng(gen);
}

/** Zipf-distributed ranks 0..n-1: rank k has weight 1 / (k + 1)^s. */
export class Zipf {
  private readonly cdf: Float64Array;

  constructor(n: number, s: number) {
    this.cdf = new Float64Array(n);
    let sum = 0;
    for (let k = 0; k < n; k++) this.cdf[k] = sum += 1 / (k + 1) ** s;
    for (let k = 0; k < n; k++) this.cdf[k] = this.cdf[k] / sum;
  }

  sample(rng: Rng): number {
    const u = rng.float();
    let lo = 0;
    let hi = this.cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cdf[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** Stream ids of rngFor: one per kind of entity. Never renumber: it would change every seeded data set. */
export const STREAM = {
  catalogue: 1,
  product: 2,
  description: 3,
  commerce: 4,
  links: 5,
  customer: 6,
  vendor: 7,
  order: 8,
  contacts: 9,
  purchase: 10,
  timeReport: 11,
  category: 12,
  brand: 13,
  attribute: 14,
  media: 15,
  stock: 16,
  vendorPrice: 17,
  payment: 18,
  fulfilment: 19,
  price: 20,
  productCategory: 21,
  vendorPriceRow: 22,
  bundle: 23,
} as const;
