import type { CatalogueCategory, CataloguePrice, CatalogueProduct, CatalogueVariant } from './catalogue-product';
import type { BatchRows, ProductRow } from './catalogue-rows';
import { categoryPath, type CategoryTree } from './category-paths';

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group === undefined) groups.set(k, [item]);
    else group.push(item);
  }
  return groups;
}

/** Lookups of one batch, indexed once so assembling each product is linear in its own rows. */
interface BatchIndex {
  variantsOf: Map<number, ProductRow[]>;
  axesOf: Map<number, { position: number; name: string }[]>;
  valuesOf: Map<number, { position: number; value: string }[]>;
  pricesOf: Map<number, CataloguePrice[]>;
  stockOf: Map<number, string>;
}

function indexBatch(rows: BatchRows): BatchIndex {
  const pricesOf = new Map<number, CataloguePrice[]>();
  for (const p of rows.prices) {
    const price: CataloguePrice = {
      priceListId: p.price_list_id,
      currency: p.currency_code,
      amount: p.amount,
      vatRate: p.vat_rate,
      vatIncluded: p.prices_include_vat,
      compareAt: p.compare_at,
      updatedAt: p.updated_at,
    };
    const list = pricesOf.get(p.product_id);
    if (list === undefined) pricesOf.set(p.product_id, [price]);
    else list.push(price);
  }
  return {
    variantsOf: groupBy(rows.variants, (v) => v.parent_id ?? 0),
    axesOf: groupBy(rows.options, (o) => o.product_id),
    valuesOf: groupBy(rows.optionValues, (v) => v.product_id),
    pricesOf,
    stockOf: new Map(rows.stock.map((s) => [s.product_id, s.available])),
  };
}

function brandOf(row: ProductRow): CatalogueProduct['brand'] {
  if (row.brand_id === null) return null;
  return { id: row.brand_id, name: row.brand_name ?? '', slug: row.brand_slug ?? '' };
}

function toVariant(row: ProductRow, index: BatchIndex, axes: Map<number, string>): CatalogueVariant {
  const options: Record<string, string> = {};
  for (const v of index.valuesOf.get(row.id) ?? []) {
    const axis = axes.get(v.position);
    if (axis !== undefined) options[axis] = v.value;
  }
  return {
    id: row.id,
    sku: row.product_number,
    active: row.is_active,
    brand: brandOf(row),
    options,
    prices: index.pricesOf.get(row.id) ?? [],
    stock: index.stockOf.get(row.id) ?? '0',
    updatedAt: row.updated_at,
  };
}

function categoriesOf(links: BatchRows['categories'], tree: CategoryTree): CatalogueCategory[] {
  const result: CatalogueCategory[] = [];
  for (const link of links) {
    const path = categoryPath(tree, link.category_id);
    if (path !== null) result.push({ id: link.category_id, primary: link.is_primary, path });
  }
  return result;
}

/**
 * Turns one batch's rows into products, in root order. A root with variant rows or option axes is a parent
 * (its own price and stock rows are ignored); any other root is a simple product, its own single variant.
 */
export function assembleProducts(rows: BatchRows, tree: CategoryTree): CatalogueProduct[] {
  const index = indexBatch(rows);
  const categoryLinks = groupBy(rows.categories, (c) => c.product_id);
  const descriptions = groupBy(rows.descriptions, (d) => d.product_id);
  const attributes = groupBy(rows.attributes, (a) => a.product_id);
  return rows.roots.map((root): CatalogueProduct => {
    const axisRows = index.axesOf.get(root.id) ?? [];
    const axes = new Map(axisRows.map((a) => [a.position, a.name]));
    const variantRows = index.variantsOf.get(root.id) ?? [];
    const parent = variantRows.length > 0 || axisRows.length > 0;
    return {
      id: root.id,
      sku: root.product_number,
      name: root.name,
      active: root.is_active,
      kind: parent ? 'parent' : 'simple',
      brand: brandOf(root),
      options: axisRows.map((a) => a.name),
      variants: parent ? variantRows.map((v) => toVariant(v, index, axes)) : [toVariant(root, index, axes)],
      categories: categoriesOf(categoryLinks.get(root.id) ?? [], tree),
      descriptions: Object.fromEntries(
        (descriptions.get(root.id) ?? []).map((d) => [
          d.language,
          { name: d.name, shortDescription: d.short_description, html: d.html, updatedAt: d.updated_at },
        ]),
      ),
      attributes: (attributes.get(root.id) ?? []).map((a) => ({
        key: a.key,
        label: a.label,
        type: a.type,
        values: a.values,
        valueKeys: a.value_keys,
      })),
      createdAt: root.created_at,
      updatedAt: root.updated_at,
    };
  });
}
