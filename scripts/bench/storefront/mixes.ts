/** What the request mixes are made of, read from the live listing: facet values and words shoppers type. */
export interface MixInputs {
  categoryKey: string | null;
  categories: string[];
  brands: string[];
  words: string[];
}

const SORTS = ['relevance', 'price_asc', 'price_desc', 'name_asc', 'newest'];

/** A small seeded generator (mulberry32): the mixes are the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)] as T;

/** One listing path of a shopper: a category listing, a filtered one, a text search, with a sort and a page 1 to 5. */
function listingPath(inputs: MixInputs, random: () => number): string {
  const params = new URLSearchParams();
  const kind = random();
  if (kind < 0.4 && inputs.categoryKey !== null && inputs.categories.length > 0)
    params.set(`filter[${inputs.categoryKey}]`, pick(inputs.categories, random));
  else if (kind < 0.65 && inputs.brands.length > 0) params.set('filter[brand]', pick(inputs.brands, random));
  else if (kind < 0.9 && inputs.words.length > 0) params.set('q', pick(inputs.words, random));
  if (random() < 0.3) params.set('filter[price]', `${Math.floor(random() * 200)}-${200 + Math.floor(random() * 2000)}`);
  if (random() < 0.2) params.set('filter[in-stock]', 'true');
  params.set('sort', pick(SORTS, random));
  params.set('page', String(1 + Math.floor(random() * 5)));
  return `/v1/products?${params.toString()}`;
}

/** `count` different listing paths (a repeat is drawn again), deterministic for the seed. */
export function distinctPaths(inputs: MixInputs, count: number, seed: number): string[] {
  const random = seededRandom(seed);
  const paths = new Set<string>();
  for (let tries = 0; paths.size < count && tries < count * 50; tries++) paths.add(listingPath(inputs, random));
  return [...paths];
}

/**
 * A request sequence over `paths` whose popularity follows Zipf's law (rank r drawn with weight 1/r^s), as
 * shoppers' listings do: a few category pages very often, a long tail rarely.
 */
export function zipfSequence(paths: readonly string[], length: number, seed: number, s = 1): string[] {
  const weights = paths.map((_, r) => 1 / (r + 1) ** s);
  const cumulative: number[] = [];
  weights.reduce((sum, w, i) => (cumulative[i] = sum + w), 0);
  const total = cumulative.at(-1) ?? 1;
  const random = seededRandom(seed);
  return Array.from({ length }, () => {
    const x = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    return paths[lo] as string;
  });
}
