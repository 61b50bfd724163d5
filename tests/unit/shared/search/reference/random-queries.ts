import type { FacetRequest, Filter, SearchRequest, SortKey } from '../../../../../shared/search';
import { BRANDS, CATEGORIES, COLORS, MARKETS, SIZES, WORDS } from './random-catalogue';
import type { Random } from './random';

const SORTS: SortKey[] = ['relevance', 'price_asc', 'price_desc', 'name_asc', 'newest'];
const FACETS: FacetRequest[] = [
  { kind: 'terms', key: 'brand' },
  { kind: 'terms', key: 'color', size: 3 },
  { kind: 'terms', key: 'size' },
  { kind: 'hierarchy', key: 'category' },
  { kind: 'range', key: 'price.se' },
  { kind: 'range', key: 'minTemp' },
  { kind: 'toggle', key: 'inStock.se' },
];

/** A word with one random edit: exercises typo tolerance (and its length threshold). */
function typo(random: Random, word: string): string {
  const at = random.int(word.length);
  const edits = [
    () => word.slice(0, at) + word.slice(at + 1),
    () => `${word.slice(0, at)}x${word.slice(at)}`,
    () => word.slice(0, at) + word.slice(at + 1, at + 2) + word.slice(at, at + 1) + word.slice(at + 2),
  ];
  return random.pick(edits)();
}

function randomText(random: Random, language: 'en' | 'sv'): string | undefined {
  if (random.chance(0.55)) return undefined;
  if (random.chance(0.05)) return `${random.pick(BRANDS).slice(0, 2)}-${random.int(400)}`;
  const words = Array.from({ length: 1 + random.int(2) }, () => random.pick(WORDS[language]));
  return words.map((w) => (random.chance(0.25) ? typo(random, w) : w)).join(' ');
}

function randomBound(random: Random): number | null {
  return random.chance(0.3) ? null : random.int(300) - 20;
}

export function randomFilter(random: Random, market: string): Filter {
  const match = random.chance(0.7) ? 'any' : 'all';
  switch (random.int(6)) {
    case 0:
      return { kind: 'terms', key: 'brand', values: random.some(BRANDS, 2), match };
    case 1:
      return { kind: 'terms', key: 'color', values: random.some(COLORS, 3), match };
    case 2:
      return { kind: 'terms', key: 'size', values: random.some(SIZES, 2), match };
    case 3:
      return { kind: 'hierarchy', key: 'category', paths: random.some(CATEGORIES, 2), match };
    case 4:
      return random.chance(0.5)
        ? { kind: 'range', key: `price.${market}`, min: randomBound(random), max: randomBound(random) }
        : {
            kind: 'range',
            key: 'minTemp',
            min: random.int(30) - 25,
            max: random.chance(0.3) ? null : random.int(30) - 10,
          };
    default:
      return { kind: 'toggle', key: `inStock.${market}` };
  }
}

/** A seeded random request over the random catalogue's vocabulary. */
export function randomRequest(random: Random): SearchRequest {
  const market = random.pick(MARKETS);
  const language = random.pick(['en', 'sv'] as const);
  const text = randomText(random, language);
  return {
    ...(text === undefined ? {} : { text }),
    language,
    market,
    scope: random.chance(0.15) ? [randomFilter(random, market)] : [],
    filters: Array.from({ length: random.int(4) }, () => randomFilter(random, market)),
    facets: random.some(FACETS, 5),
    sort: random.pick(SORTS),
    page: 1 + random.int(4),
    pageSize: random.pick([1, 2, 5, 10, 24]),
  };
}
