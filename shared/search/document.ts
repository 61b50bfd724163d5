/** Any JSON value; the card payload is stored and returned untouched. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Separator between the segments of a hierarchy path ("shoes/running"). Segments never contain it. */
export const HIERARCHY_SEPARATOR = '/';

/** Text of one product in one language; every field may be empty. */
export interface LocalizedText {
  name: string;
  brand: string;
  description: string;
}

/** Sort keys that are not derived from searchable fields. */
export interface DocumentSortKeys {
  /** Language code -> name already folded by the indexer; compared by UTF-16 code units. */
  name: Record<string, string>;
  /** Creation time in epoch milliseconds; `newest` sorts on it descending. */
  createdAt: number;
}

/**
 * One storefront product (its variants folded in), as the indexer hands it to any engine.
 * Queries only ever see a document on the markets listed in `markets`.
 */
export interface SearchDocument {
  /** Product id; unique within an index, and the final tie-breaker of every sort (ascending). */
  id: string;
  /** Market codes the product is sellable on (it has a price there). */
  markets: string[];
  /** Language code -> searchable text in that language. */
  text: Record<string, LocalizedText>;
  /** SKUs of the product and its variants; matched exactly (folded), never stemmed or typo-corrected. */
  skus: string[];
  /**
   * Facet key -> value keys. Hierarchy facets carry every path with all its ancestors
   * (`category: ["shoes", "shoes/running"]`), so a path matches its whole subtree.
   */
  facets: Record<string, string[]>;
  /** Facet key -> value key -> language -> display label; used by suggest, search-in-facet and facet results. */
  labels?: Record<string, Record<string, Record<string, string>>>;
  /** Numeric fields, e.g. `price.<market>` (see fieldKeys) and numeric facets; finite numbers only. */
  numbers: Record<string, number>;
  /** Boolean fields, e.g. `inStock.<market>`; a toggle filter matches `true` only. */
  flags: Record<string, boolean>;
  sortKeys: DocumentSortKeys;
  /** Higher first: orders relevance without text and suggest hits; default 0. */
  popularity?: number;
  /** Opaque card payload returned with each hit. */
  card: JsonValue;
}
