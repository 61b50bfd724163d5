import { fold } from '../../../shared/search/analysis/fold';
import type { SearchDocument } from '../../../shared/search';
import type { BenchProduct } from './catalogue';
import { COLORS } from './vocabulary';

export const BENCH_LANGUAGES = ['en', 'sv'] as const;
export const BENCH_MARKETS = ['se', 'de'] as const;

const COLOR_LABELS = new Map(COLORS.map((c) => [c.key, { en: c.label[0], sv: c.label[1] }]));

function ancestors(path: string): string[] {
  const parts = path.split('/');
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}

/**
 * Maps a product to the port's document. Kept apart from the generator so the bench can later take the
 * project's seed catalogue through the indexer's own toSearchDocument instead.
 */
export function toBenchDocument(product: BenchProduct): SearchDocument {
  const markets = BENCH_MARKETS.filter((m) => product.prices[m] !== undefined);
  const colors = [...new Set(product.variants.map((v) => v.color))];
  const categories = ancestors(product.category);
  const numbers: Record<string, number> = {};
  for (const m of markets) numbers[`price.${m}`] = product.prices[m] as number;
  return {
    id: product.id,
    markets: [...markets],
    text: {
      en: { name: product.name[0], brand: product.brand.label, description: product.description[0] },
      sv: { name: product.name[1], brand: product.brand.label, description: product.description[1] },
    },
    skus: product.variants.map((v) => v.sku),
    facets: {
      brand: [product.brand.key],
      color: colors,
      size: [...new Set(product.variants.map((v) => v.size))],
      material: product.materials,
      category: categories,
    },
    labels: {
      brand: { [product.brand.key]: { en: product.brand.label, sv: product.brand.label } },
      color: Object.fromEntries(colors.map((c) => [c, COLOR_LABELS.get(c) ?? { en: c, sv: c }])),
      category: Object.fromEntries(categories.map((c) => [c, { en: product.categoryLabels[c]?.[0] ?? c, sv: product.categoryLabels[c]?.[1] ?? c }])),
    },
    numbers,
    flags: { 'inStock.se': product.inStock.se, 'inStock.de': product.inStock.de },
    sortKeys: { name: { en: fold(product.name[0]), sv: fold(product.name[1]) }, createdAt: product.createdAt },
    popularity: product.popularity,
    card: { id: product.id, name: product.name[0], brand: product.brand.label, price: product.prices.se ?? null, slug: product.id },
  };
}

export function toBenchDocuments(products: readonly BenchProduct[]): SearchDocument[] {
  return products.map(toBenchDocument);
}
