// Plain records the catalogue reader hands to the document builder: one storefront product (a simple
// product, or a variant parent with its variants) with everything its search document needs.

/** A price of one sellable product on one price list; amounts are decimal strings as PostgreSQL returns them. */
export interface CataloguePrice {
  priceListId: number;
  currency: string;
  amount: string;
  vatRate: string;
  vatIncluded: boolean;
  compareAt: string | null;
  updatedAt: Date;
}

export interface CatalogueBrand {
  id: number;
  name: string;
  slug: string;
}

/** Something a shopper can buy: a variant of a parent, or a simple product as its own single variant. */
export interface CatalogueVariant {
  id: number;
  sku: string;
  active: boolean;
  brand: CatalogueBrand | null;
  /** Axis name (as the parent names it) -> this variant's value; empty for a simple product. */
  options: Record<string, string>;
  prices: CataloguePrice[];
  /** Available stock over every warehouse and location: on hand minus reserved for unshipped orders. */
  stock: string;
  updatedAt: Date;
}

/** One category on a product's path: the root first, the linked category last. */
export interface CategoryNode {
  id: number;
  name: string;
  /** Language code -> display name; `name` is the fallback. */
  names: Record<string, string>;
  active: boolean;
}

export interface CatalogueCategory {
  id: number;
  primary: boolean;
  /** Root .. this category. */
  path: CategoryNode[];
}

export interface CatalogueDescription {
  name: string;
  shortDescription: string | null;
  html: string | null;
  updatedAt: Date;
}

export interface CatalogueAttribute {
  key: string;
  label: string;
  type: string;
  values: string[];
  /** Filter keys parallel to `values`, or null when the merchant gave none. */
  valueKeys: string[] | null;
}

/** A storefront product: a root of the products table (parent_id null) with its variants and content. */
export interface CatalogueProduct {
  id: number;
  /** The root's product number. */
  sku: string;
  /** The business name; storefront names per language are in `descriptions`. */
  name: string;
  active: boolean;
  kind: 'simple' | 'parent';
  brand: CatalogueBrand | null;
  /** Option axis names in position order; empty for a simple product. */
  options: string[];
  /** A parent's variants in id order, or the simple product itself as its only variant. */
  variants: CatalogueVariant[];
  /** Primary category first, then by id. */
  categories: CatalogueCategory[];
  /** Language code -> content in that language. */
  descriptions: Record<string, CatalogueDescription>;
  /** In the merchant's order. */
  attributes: CatalogueAttribute[];
  createdAt: Date;
  updatedAt: Date;
}
