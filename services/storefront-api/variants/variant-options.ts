import type { CatalogueProduct, CatalogueVariant } from '../../../indexer/documents/catalogue-product';
import { priceOn } from '../../../indexer/documents/market-offers';
import type { MarketConfig } from '../../../indexer/documents/site-config';
import { slugify } from '../../../shared/storefront-config/slugs/slugify';

// Pure rules of a product's variants on one market: which are listed, sold and in stock, the selections of the
// variants endpoint, and the cascading `available` flag of each option value (spec rule 2).

/** The variants a shopper sees: the active ones (a variant not sold on the market is still listed, unpriced). */
export const listedVariants = (product: CatalogueProduct): CatalogueVariant[] =>
  product.variants.filter((v) => v.active);

export const soldHere = (variant: CatalogueVariant, market: MarketConfig): boolean =>
  priceOn(variant, market) !== undefined;

/** In stock on the market: sold there and with stock, as a card's inStock counts it. */
export const inStockHere = (variant: CatalogueVariant, market: MarketConfig): boolean =>
  soldHere(variant, market) && Number(variant.stock) > 0;

/** The detail's `options`: each axis with the values its listed variants have (order not guaranteed). */
export function optionsOf(product: CatalogueProduct) {
  const listed = listedVariants(product);
  return product.options.map((name) => ({
    name,
    values: [...new Set(listed.map((v) => v.options[name]).filter((v) => v !== undefined))],
  }));
}

/** The axis a filter key names: the axis name itself, or its slug (the option facet's key). */
export function axisNamed(product: CatalogueProduct, key: string): string | undefined {
  return product.options.find((name) => name === key) ?? product.options.find((name) => slugify(name) === slugify(key));
}

export interface VariantSelection {
  /** Axis name -> the one chosen value. */
  options: Record<string, string>;
  inStock: boolean;
}

function fits(
  variant: CatalogueVariant,
  selection: VariantSelection,
  market: MarketConfig,
  ignoreAxis?: string,
): boolean {
  if (selection.inStock && !inStockHere(variant, market)) return false;
  return Object.entries(selection.options).every(
    ([axis, value]) => axis === ignoreAxis || variant.options[axis] === value,
  );
}

/** The listed variants that fit every selection. */
export const selectVariants = (
  product: CatalogueProduct,
  selection: VariantSelection,
  market: MarketConfig,
): CatalogueVariant[] => listedVariants(product).filter((v) => fits(v, selection, market));

/**
 * Each axis's values with `available`: some variant with the value is sold on the market and fits the
 * selections on the other axes (and the in-stock selection, when made).
 */
export function optionAvailability(product: CatalogueProduct, selection: VariantSelection, market: MarketConfig) {
  const listed = listedVariants(product);
  return product.options.map((name) => {
    const values = [...new Set(listed.map((v) => v.options[name]).filter((v) => v !== undefined))];
    return {
      name,
      values: values.map((value) => ({
        value,
        available: listed.some(
          (v) => v.options[name] === value && soldHere(v, market) && fits(v, selection, market, name),
        ),
      })),
    };
  });
}
