import { inStockField, priceField } from './field-keys';

/** Relative weight of a match in each searchable field. */
export interface FieldBoosts {
  sku: number;
  name: number;
  brand: number;
  description: number;
}

/** Boosts used when an index does not set its own. */
export const DEFAULT_BOOSTS: FieldBoosts = { sku: 8, name: 4, brand: 2, description: 1 };

/**
 * The keys an index's documents may use, known from the site's configuration. Elasticsearch maps exactly these
 * fields (dynamic mapping is off), so a document with a key outside them is reported as a failed bulk item.
 */
export interface IndexFields {
  /** Facet keys of `facets` and `labels` (terms and hierarchy facets). */
  facets: string[];
  /** Keys of `numbers`: `price.<market>` per market, plus numeric facets. */
  numbers: string[];
  /** Keys of `flags`: `inStock.<market>` per market, plus toggles. */
  flags: string[];
}

/** What an engine must know about an index before documents arrive (analyzers per language, boosts, fields). */
export interface IndexSettings {
  /**
   * Language codes whose text is analysed. The stemmer follows the primary subtag, any case: en, sv and de
   * (also "de-AT", "EN") are stemmed; others are folded only. Queries name a language exactly as listed here.
   */
  languages: string[];
  boosts?: Partial<FieldBoosts>;
  /** Required by Elasticsearch, whose mapping is generated from it; the embedded engine needs no field list. */
  fields?: IndexFields;
}

/** The fields of a site: price and stock per market, plus its facet, numeric and toggle keys. */
export function siteIndexFields(site: {
  markets: string[];
  facets: string[];
  numbers?: string[];
  flags?: string[];
}): IndexFields {
  return {
    facets: [...site.facets],
    numbers: [...site.markets.map(priceField), ...(site.numbers ?? [])],
    flags: [...site.markets.map(inStockField), ...(site.flags ?? [])],
  };
}

/** The boosts an index runs with: its own, over the defaults. */
export function resolveBoosts(settings: IndexSettings): FieldBoosts {
  return { ...DEFAULT_BOOSTS, ...settings.boosts };
}
