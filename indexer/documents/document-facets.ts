import { HIERARCHY_SEPARATOR } from '../../shared/search';
import type { CatalogueBrand, CatalogueCategory, CatalogueProduct, CatalogueVariant } from './catalogue-product';
import type { FacetSource, SiteIndexConfig } from './site-config';
import { slugify } from '../../shared/storefront-config/slugs/slugify';

type Labels = Record<string, Record<string, string>>;

/** Facet values (value keys in first-seen order) and their labels per language, for one facet. */
class FacetCollector {
  readonly values: string[] = [];
  readonly labels: Labels = {};

  constructor(private readonly languages: readonly string[]) {}

  add(value: string, label: (language: string) => string): void {
    if (value in this.labels) return;
    this.values.push(value);
    this.labels[value] = Object.fromEntries(this.languages.map((l) => [l, label(l)]));
  }
}

/** Brands of the product and of its sellable variants (a brand filter matches when any variant has the brand). */
export function productBrands(product: CatalogueProduct, sellable: readonly CatalogueVariant[]): CatalogueBrand[] {
  const brands = new Map<number, CatalogueBrand>();
  for (const brand of [product.brand, ...sellable.map((v) => v.brand)]) if (brand !== null) brands.set(brand.id, brand);
  return [...brands.values()];
}

export const brandKey = (brand: CatalogueBrand): string => (brand.slug !== '' ? brand.slug : slugify(brand.name));

/** The category's path below the source's root as category ids, or null when it is outside the source or hidden. */
function categoryIds(category: CatalogueCategory, rootId: number | null): number[] | null {
  if (category.path.some((node) => !node.active)) return null;
  if (rootId === null) return category.path.map((node) => node.id);
  if (category.path[0]?.id !== rootId) return null;
  const below = category.path.slice(1).map((node) => node.id);
  return below.length > 0 ? below : null;
}

function collectCategories(out: FacetCollector, categories: readonly CatalogueCategory[], rootId: number | null): void {
  for (const category of categories) {
    const ids = categoryIds(category, rootId);
    if (ids === null) continue;
    const offset = category.path.length - ids.length;
    ids.forEach((_, depth) => {
      const node = category.path[offset + depth];
      if (node !== undefined)
        out.add(ids.slice(0, depth + 1).join(HIERARCHY_SEPARATOR), (l) => node.names[l] ?? node.name);
    });
  }
}

function collect(
  out: FacetCollector,
  source: FacetSource,
  product: CatalogueProduct,
  sellable: readonly CatalogueVariant[],
): void {
  switch (source.kind) {
    case 'brand':
      for (const brand of productBrands(product, sellable)) out.add(brandKey(brand), () => brand.name);
      return;
    case 'option': {
      const wanted = slugify(source.option);
      const axis = product.options.find((name) => slugify(name) === wanted);
      if (axis === undefined) return;
      for (const variant of sellable) {
        const value = variant.options[axis];
        if (value !== undefined && value !== '') out.add(slugify(value), () => value);
      }
      return;
    }
    case 'attribute': {
      const attribute = product.attributes.find((a) => a.key === source.attribute);
      attribute?.values.forEach((value, i) => {
        const key = attribute.valueKeys?.[i];
        out.add(key !== undefined && key !== '' ? key : slugify(value), () => value);
      });
      return;
    }
    case 'category':
      collectCategories(out, product.categories, source.rootId);
  }
}

const TRUE_VALUES = new Set(['true', 'yes', '1', 'ja', 'y']);

/** A range or toggle facet fed by an attribute: its first value as a number or a flag (range and toggle filters read those). */
function attributeScalar(
  product: CatalogueProduct,
  source: Extract<FacetSource, { kind: 'attribute' }>,
): number | boolean | undefined {
  const value = product.attributes.find((a) => a.key === source.attribute)?.values[0]?.trim();
  if (value === undefined || value === '') return undefined;
  if (source.as === 'flag') return TRUE_VALUES.has(value.toLowerCase());
  const number = Number(value.replace(',', '.'));
  return Number.isFinite(number) ? number : undefined;
}

export interface DocumentFacets {
  facets: Record<string, string[]>;
  labels: Record<string, Labels>;
  numbers: Record<string, number>;
  flags: Record<string, boolean>;
}

/**
 * Facet values and labels of a product for every configured source; option values come from its sellable
 * variants only, hierarchy values carry every ancestor path. Facets without values are left out. Range and
 * toggle facets fed by an attribute become a number or a flag under the facet's key.
 */
export function documentFacets(
  product: CatalogueProduct,
  sellable: readonly CatalogueVariant[],
  config: SiteIndexConfig,
): DocumentFacets {
  const out: DocumentFacets = { facets: {}, labels: {}, numbers: {}, flags: {} };
  for (const source of config.facets) {
    if (source.kind === 'attribute' && source.as !== undefined && source.as !== 'terms') {
      const value = attributeScalar(product, source);
      if (typeof value === 'number') out.numbers[source.key] = value;
      else if (typeof value === 'boolean') out.flags[source.key] = value;
      continue;
    }
    const collector = new FacetCollector(config.languages);
    collect(collector, source, product, sellable);
    if (collector.values.length === 0) continue;
    out.facets[source.key] = collector.values;
    out.labels[source.key] = collector.labels;
  }
  return out;
}
