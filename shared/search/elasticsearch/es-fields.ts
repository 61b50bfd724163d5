// Field paths of the Elasticsearch document (mappings/elasticsearch/mappings.json). Every builder names
// fields through these helpers so the mapping and the queries cannot drift apart.

/** Keyword field holding a facet's value keys (filters). */
export function facetField(key: string): string {
  return `facets.${key}`;
}

/** Keyword field holding a facet's "value, folded label, label" pairs in one language (counts and labels). */
export function labelPairField(key: string, language: string): string {
  return `facetLabels.${key}.${language}`;
}

/** Keyword field holding a facet's "folded label, value, label" pairs in one language (suggest by label prefix). */
export function prefixPairField(key: string, language: string): string {
  return `facetPrefixes.${key}.${language}`;
}

/** Numeric field (price per market, numeric facets). */
export function numberField(key: string): string {
  return `numbers.${key}`;
}

/** Boolean field (in stock per market, toggles). */
export function flagField(key: string): string {
  return `flags.${key}`;
}

/** Searchable text fields of a language. */
export type TextPart = 'name' | 'brand' | 'description';

/** Stemmed text field of one language. */
export function textField(language: string, part: TextPart): string {
  return `text.${language}.${part}`;
}

/** Folded but unstemmed sub-field: typo matching compares surfaces, as the embedded engine does. */
export function foldedTextField(language: string, part: TextPart): string {
  return `${textField(language, part)}.folded`;
}

/** Edge n-gram sub-field of the name: one term per prefix of every name word (suggest). */
export function namePrefixField(language: string): string {
  return `${textField(language, 'name')}.prefix`;
}

/** Keyword sort key of the folded name in a language. */
export function sortNameField(language: string): string {
  return `sortKeys.name.${language}`;
}

export const ID_FIELD = 'id';
export const MARKETS_FIELD = 'markets';
export const SKU_TERMS_FIELD = 'skuTerms';
export const POPULARITY_FIELD = 'popularity';
export const CREATED_AT_FIELD = 'sortKeys.createdAt';
