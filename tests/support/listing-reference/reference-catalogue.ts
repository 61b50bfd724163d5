import { slugify } from '../../../shared/storefront-config/slugs/slugify';
import type {
  AttributeRow,
  AxisRow,
  AxisValueRow,
  CategoryRow,
  ReferenceRows,
  RootRow,
  UnitRow,
} from './reference-rows';

// The seeded catalogue as the listing should see it, derived from the raw rows by the spec's and the indexer's
// documented rules (not by the indexer's code): one reference document per product, and the zero-config facets.
// `slugify` is the one shared piece: it defines the value keys, which are part of the API's contract.

/** A value facet of a zero-config site: its key, and per product its value keys with their labels per language. */
export interface RefFacet {
  key: string;
  kind: 'brand' | 'option' | 'attribute' | 'category';
}

export interface RefDoc {
  id: number;
  /** Market code -> card price (the cheapest unit priced there), whether any such unit is in stock, whether their prices differ. */
  offers: Map<string, { amount: number; inStock: boolean; priceVaries: boolean }>;
  /** Facet key -> value keys (hierarchy values carry every ancestor path). */
  values: Map<string, Set<string>>;
}

export interface RefCatalogue {
  docs: RefDoc[];
  facets: RefFacet[];
  /** Facet key -> value key -> language -> label (brand and category labels are deterministic). */
  labels: Map<string, Map<string, Record<string, string>>>;
}

function uniqueKey(base: string, taken: Set<string>): string {
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}-${n}`;
  taken.add(key);
  return key;
}

/** Root .. category, or null when the chain is broken or cyclic. */
function pathOf(byId: Map<number, CategoryRow>, id: number): CategoryRow[] | null {
  const path: CategoryRow[] = [];
  const seen = new Set<number>();
  for (let c = byId.get(id); c !== undefined; c = c.parent_id === null ? undefined : byId.get(c.parent_id)) {
    if (seen.has(c.id)) return null;
    seen.add(c.id);
    path.unshift(c);
    if (c.parent_id !== null && !byId.has(c.parent_id)) return null;
  }
  return path.length === 0 ? null : path;
}

function group<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) out.set(key(row), [...(out.get(key(row)) ?? []), row]);
  return out;
}

function zeroConfigFacets(rows: ReferenceRows): {
  facets: RefFacet[];
  axisOf: Map<string, string>;
  attributeOf: Map<string, string>;
  rootOf: Map<string, number>;
} {
  const taken = new Set(['price', 'in-stock']);
  const facets: RefFacet[] = [{ key: uniqueKey('brand', taken), kind: 'brand' }];
  const axisOf = new Map<string, string>();
  const attributeOf = new Map<string, string>();
  const rootOf = new Map<string, number>();
  const axisSlugs = new Set<string>();
  for (const name of rows.axisNames) {
    if (axisSlugs.has(slugify(name))) continue;
    axisSlugs.add(slugify(name));
    const key = uniqueKey(slugify(name), taken);
    facets.push({ key, kind: 'option' });
    axisOf.set(key, name);
  }
  for (const attribute of rows.keyedAttributes) {
    const key = uniqueKey(slugify(attribute), taken);
    facets.push({ key, kind: 'attribute' });
    attributeOf.set(key, attribute);
  }
  const roots = rows.categories
    .filter((c) => c.parent_id === null && c.active)
    .sort((a, b) => a.position - b.position || a.id - b.id);
  for (const root of roots) {
    const key = uniqueKey(slugify(root.name), taken);
    facets.push({ key, kind: 'category' });
    rootOf.set(key, root.id);
  }
  return { facets, axisOf, attributeOf, rootOf };
}

interface Lookups {
  facets: RefFacet[];
  axisOf: Map<string, string>;
  attributeOf: Map<string, string>;
  rootOf: Map<string, number>;
  brandKey: (id: number) => string;
  brandName: (id: number) => string;
  axesOf: Map<number, AxisRow[]>;
  valuesOf: Map<number, AxisValueRow[]>;
  attributesOf: Map<number, AttributeRow[]>;
  languages: readonly string[];
  labels: RefCatalogue['labels'];
}

/** A product's value keys per facet: brands of the product and its sellable units, options of those units, keyed attribute values, category paths. */
function productValues(
  root: RootRow,
  sellable: UnitRow[],
  paths: CategoryRow[][],
  k: Lookups,
): Map<string, Set<string>> {
  const values = new Map<string, Set<string>>();
  const add = (key: string, value: string, label?: (language: string) => string) => {
    values.set(key, (values.get(key) ?? new Set()).add(value));
    if (label !== undefined) k.labels.get(key)!.set(value, Object.fromEntries(k.languages.map((l) => [l, label(l)])));
  };
  for (const facet of k.facets) {
    if (facet.kind === 'brand') {
      for (const id of [root.brand_id, ...sellable.map((u) => u.brand_id)])
        if (id !== null) add(facet.key, k.brandKey(id), () => k.brandName(id));
    } else if (facet.kind === 'option') {
      const axis = (k.axesOf.get(root.id) ?? []).find((a) => slugify(a.name) === slugify(k.axisOf.get(facet.key)!));
      if (axis === undefined || !root.is_parent) continue;
      for (const unit of sellable) {
        const value = (k.valuesOf.get(unit.unit_id) ?? []).find((v) => v.position === axis.position)?.value;
        if (value !== undefined && value !== '') add(facet.key, slugify(value));
      }
    } else if (facet.kind === 'attribute') {
      const attribute = (k.attributesOf.get(root.id) ?? []).find((a) => a.key === k.attributeOf.get(facet.key));
      attribute?.values.forEach((value, i) => {
        const key = attribute.value_keys?.[i];
        add(facet.key, key !== undefined && key !== '' ? key : slugify(value));
      });
    } else {
      for (const path of paths) {
        if (path.some((c) => !c.active) || path[0]!.id !== k.rootOf.get(facet.key)) continue;
        path.slice(1).forEach((node, depth) => {
          add(
            facet.key,
            path
              .slice(1, depth + 2)
              .map((c) => c.id)
              .join('/'),
            (l) => node.names?.[l] ?? node.name,
          );
        });
      }
    }
  }
  return values;
}

export function referenceCatalogue(rows: ReferenceRows, languages: readonly string[]): RefCatalogue {
  const categories = new Map(rows.categories.map((c) => [c.id, c]));
  const brands = new Map(rows.brands.map((b) => [b.id, b]));
  const labels: RefCatalogue['labels'] = new Map();
  const k: Lookups = {
    ...zeroConfigFacets(rows),
    brandKey: (id) => {
      const b = brands.get(id)!;
      return b.slug !== '' ? b.slug : slugify(b.name);
    },
    brandName: (id) => brands.get(id)!.name,
    axesOf: group(rows.axes, (a) => a.root_id),
    valuesOf: group(rows.axisValues, (v) => v.unit_id),
    attributesOf: group(rows.attributes, (a) => a.product_id),
    languages,
    labels,
  };
  for (const f of k.facets) labels.set(f.key, new Map());
  const offersOf = group(rows.offers, (o) => o.root_id);
  const unitsOf = group(rows.units, (u) => u.root_id);
  const priced = new Set(rows.pricedUnits.map((u) => u.unit_id));
  const linksOf = group(rows.links, (l) => l.product_id);
  const docs: RefDoc[] = [];
  for (const root of rows.roots) {
    const offers = offersOf.get(root.id) ?? [];
    if (!root.is_active || offers.length === 0) continue;
    const paths = (linksOf.get(root.id) ?? []).map((l) => pathOf(categories, l.category_id)).filter((p) => p !== null);
    // The site's assortment (excludeInactive, the default) leaves out a product whose every category path holds an inactive category.
    if (paths.length > 0 && paths.every((p) => p.some((c) => !c.active))) continue;
    const sellable = (unitsOf.get(root.id) ?? []).filter((u) => priced.has(u.unit_id));
    const values = productValues(root, sellable, paths, k);
    docs.push({
      id: root.id,
      offers: new Map(
        offers.map((o) => [o.market, { amount: o.amount, inStock: o.in_stock, priceVaries: o.price_varies }]),
      ),
      values,
    });
  }
  return { docs, facets: k.facets, labels };
}
