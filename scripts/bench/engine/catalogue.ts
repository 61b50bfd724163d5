import { Random, Zipf } from './random';
import { ADJECTIVES, AUDIENCES, COLORS, LINES, madeUpWord, MATERIALS, ROOTS, SIZE_SETS, type Pair } from './vocabulary';

/** One generated product: what a business system would hold, before any search-document mapping. */
export interface BenchProduct {
  id: string;
  brand: { key: string; label: string };
  name: Pair;
  description: Pair;
  /** Leaf category path (ancestors are implied). */
  category: string;
  categoryLabels: Record<string, Pair>;
  materials: string[];
  variants: { sku: string; color: string; size: string }[];
  /** Cheapest sellable price per market; absent means not sold there. */
  prices: { se?: number; de?: number };
  inStock: { se: boolean; de: boolean };
  createdAt: number;
  popularity: number;
}

interface Leaf {
  path: string;
  labels: Record<string, Pair>;
  nouns: readonly Pair[];
  sizes: readonly string[];
  basePrice: number;
}

const BRAND_COUNT = 800;
const FILLER_COUNT = 3000;

/** Every leaf of the 3-4 level tree (root / type / audience [/ line]). */
function leaves(): Leaf[] {
  const result: Leaf[] = [];
  ROOTS.forEach((root, r) =>
    root.children.forEach((child, c) =>
      AUDIENCES.forEach((audience) => {
        const base = `${root.key}/${child.key}/${audience.key}`;
        const labels: Record<string, Pair> = { [root.key]: root.label, [`${root.key}/${child.key}`]: child.label, [base]: audience.label };
        const sizes = SIZE_SETS[root.key] ?? (SIZE_SETS.other as readonly string[]);
        const basePrice = 199 + ((r * 7 + c * 13) % 10) * 250;
        if (c % 2 === 1) result.push({ path: base, labels, nouns: child.nouns, sizes, basePrice });
        else for (const line of LINES) result.push({ path: `${base}/${line.key}`, labels: { ...labels, [`${base}/${line.key}`]: line.label }, nouns: child.nouns, sizes, basePrice });
      }),
    ),
  );
  return result;
}

function sentence(random: Random, filler: Zipf, extra: Pair[], lang: 0 | 1, words: number): string {
  const parts: string[] = [];
  for (let i = 0; i < words; i++) {
    parts.push(random.chance(0.25) ? (random.pick(extra)[lang] as string) : madeUpWord(filler.sample(random) + (lang === 1 ? FILLER_COUNT : 0), 2));
  }
  return parts.join(' ');
}

/** A deterministic catalogue: Zipf brands, 3-4 level categories, colour x size variants, en/sv text, se/de prices. */
export function generateCatalogue(count: number, seed = 42): BenchProduct[] {
  const random = new Random(seed);
  const brands = new Zipf(BRAND_COUNT, 1.07);
  const filler = new Zipf(FILLER_COUNT, 1.0);
  const tree = leaves();
  return Array.from({ length: count }, (_, i) => {
    const leaf = random.pick(tree);
    const brandRank = brands.sample(random);
    const brandWord = madeUpWord(brandRank, 2);
    const brand = { key: brandWord, label: brandWord[0]?.toUpperCase() + brandWord.slice(1) };
    const noun = random.pick(leaf.nouns);
    const adjective = random.pick(ADJECTIVES);
    const model = madeUpWord(random.int(2000), 3);
    const colors = [...new Set(Array.from({ length: 1 + random.int(4) }, () => random.pick(COLORS).key))];
    const sizes = [...new Set(Array.from({ length: 1 + random.int(6) }, () => random.pick(leaf.sizes)))];
    const id = `p${String(i).padStart(7, '0')}`;
    const price = Math.round(leaf.basePrice * (0.5 + random.next() * 1.5)) - 0.01;
    return {
      id,
      brand,
      name: [`${brand.label} ${model} ${adjective[0]} ${noun[0]}`, `${brand.label} ${model} ${adjective[1]} ${noun[1]}`],
      description: [
        sentence(random, filler, [adjective, noun, ...ADJECTIVES.slice(0, 5)], 0, 20 + random.int(20)),
        sentence(random, filler, [adjective, noun, ...ADJECTIVES.slice(0, 5)], 1, 20 + random.int(20)),
      ],
      category: leaf.path,
      categoryLabels: leaf.labels,
      materials: [...new Set([random.pick(MATERIALS), ...(random.chance(0.4) ? [random.pick(MATERIALS)] : [])])],
      variants: colors.flatMap((color) => sizes.map((size) => ({ sku: `${id}-${color}-${size}`.toUpperCase(), color, size }))),
      prices: {
        ...(random.chance(0.97) ? { se: price } : {}),
        ...(random.chance(0.92) ? { de: Math.round(price / 11) - 0.05 } : {}),
      },
      inStock: { se: random.chance(0.8), de: random.chance(0.7) },
      createdAt: Date.UTC(2024, 0, 1) + random.int(700) * 86_400_000,
      popularity: Math.floor(1000 / (1 + brandRank)) + random.int(50),
    };
  });
}
