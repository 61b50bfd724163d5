/** Relative weight of a match in each searchable field. */
export interface FieldBoosts {
  sku: number;
  name: number;
  brand: number;
  description: number;
}

/** Boosts used when an index does not set its own. */
export const DEFAULT_BOOSTS: FieldBoosts = { sku: 8, name: 4, brand: 2, description: 1 };

/** What an engine must know about an index before documents arrive (analyzers per language, boosts). */
export interface IndexSettings {
  /** Language codes whose text is analysed (en, sv and de have stemmers; others are folded only). */
  languages: string[];
  boosts?: Partial<FieldBoosts>;
}

/** The boosts an index runs with: its own, over the defaults. */
export function resolveBoosts(settings: IndexSettings): FieldBoosts {
  return { ...DEFAULT_BOOSTS, ...settings.boosts };
}
