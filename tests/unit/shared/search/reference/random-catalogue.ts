import { fold } from '../../../../../shared/search/analysis/fold';
import type { SearchDocument } from '../../../../../shared/search';
import { Random } from './random';

/** Small vocabularies on purpose: stems, typos, ties and shared values collide often. */
export const WORDS = {
  en: [
    'shoe',
    'shoes',
    'running',
    'runner',
    'jacket',
    'jackets',
    'boot',
    'boots',
    'red',
    'blue',
    'warm',
    'winter',
    'leather',
    'cotton',
    'light',
  ],
  sv: ['sko', 'skor', 'jacka', 'jackor', 'varm', 'vinter', 'löpning', 'läder', 'blå', 'röd', 'bomull', 'lätt'],
};
export const BRANDS = ['nike', 'adidas', 'puma', 'fjallraven', 'asics', 'hoka', 'salomon', 'mammut'];
export const COLORS = ['red', 'blue', 'black', 'white', 'green', 'grey'];
export const SIZES = ['s', 'm', 'l', 'xl', '42', '43'];
export const CATEGORIES = [
  'shoes',
  'shoes/running',
  'shoes/running/trail',
  'shoes/boots',
  'clothing',
  'clothing/jackets',
  'clothing/jackets/rain',
  'bags',
];
export const MARKETS = ['se', 'de'];
const PRICES = [-5, 0, 99, 100, 199, 250, 250, 999];

function sentence(random: Random, words: readonly string[], max: number): string {
  return Array.from({ length: 1 + random.int(max) }, () => random.pick(words)).join(' ');
}

function withAncestors(paths: string[]): string[] {
  const all = new Set<string>();
  for (const path of paths) {
    const parts = path.split('/');
    for (let i = 0; i < parts.length; i++) all.add(parts.slice(0, i + 1).join('/'));
  }
  return [...all];
}

export function randomDocument(random: Random, i: number): SearchDocument {
  const markets = MARKETS.filter(() => random.chance(0.8));
  const numbers: Record<string, number> = {};
  for (const market of MARKETS) if (random.chance(0.85)) numbers[`price.${market}`] = random.pick(PRICES);
  if (random.chance(0.7)) numbers.minTemp = random.int(41) - 30;
  const flags: Record<string, boolean> = {};
  for (const market of MARKETS) if (random.chance(0.9)) flags[`inStock.${market}`] = random.chance(0.6);
  const brand = random.pick(BRANDS);
  const name = { en: sentence(random, WORDS.en, 3), sv: sentence(random, WORDS.sv, 3) };
  return {
    id: `r${String(i).padStart(4, '0')}`,
    markets,
    text: {
      en: { name: name.en, brand, description: random.chance(0.5) ? sentence(random, WORDS.en, 6) : '' },
      sv: { name: name.sv, brand, description: '' },
    },
    skus: [`${brand.slice(0, 2).toUpperCase()}-${i}`],
    facets: {
      brand: [brand],
      color: random.some(COLORS, 3),
      size: random.some(SIZES, 3),
      category: withAncestors(random.some(CATEGORIES, 2)),
    },
    labels: { brand: { [brand]: { en: brand.toUpperCase(), sv: brand } } },
    numbers,
    flags,
    sortKeys: { name: random.chance(0.95) ? { en: fold(name.en), sv: fold(name.sv) } : {}, createdAt: random.int(20) },
    popularity: random.int(6),
    card: { i },
  };
}

/** A seeded catalogue of `count` documents in random id order. */
export function randomCatalogue(seed: number, count: number): SearchDocument[] {
  const random = new Random(seed);
  const docs = Array.from({ length: count }, (_, i) => randomDocument(random, i));
  for (let i = docs.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [docs[i], docs[j]] = [docs[j] as SearchDocument, docs[i] as SearchDocument];
  }
  return docs;
}
