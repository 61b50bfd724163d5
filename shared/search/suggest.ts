import type { SearchHit } from './search-request';

/** Default limits of suggest (storefront contract). */
export const SUGGEST_HIT_LIMIT = 5;
export const SUGGEST_VALUE_LIMIT = 10;

/**
 * Type-ahead on the market: documents whose name (in `language`) has, for every word of `q`, a word starting
 * with it; and values of `facetKeys` whose folded label (the value key where unlabelled) starts with the folded `q`.
 */
export interface SuggestRequest {
  q: string;
  language: string;
  market: string;
  facetKeys: string[];
  hitLimit?: number;
  valueLimit?: number;
}

/** A facet value that matched the suggest prefix, with its count on the market. */
export interface SuggestValue {
  key: string;
  value: string;
  label: string | null;
  count: number;
}

/** Hits by popularity descending then id; values by count descending, then key, then value. */
export interface SuggestResponse {
  hits: SearchHit[];
  values: SuggestValue[];
}
