import type { Filter, SearchEngine, SearchRequest, SearchResponse } from '../../../../../shared/search';

/** What every case group gets: the engine under test and the alias of the loaded fixture index. */
export interface ContractContext {
  engine(): SearchEngine;
  /** Alias pointing at the fixture index. */
  target(): string;
  /** A fresh index or alias name nobody else uses. */
  unique(prefix: string): string;
}

/** Ids of the hits, in order. */
export const ids = (response: SearchResponse): string[] => response.hits.map((hit) => hit.id);

/** Sorted ids: for cases where only the set matters. */
export const idSet = (response: SearchResponse): string[] => ids(response).sort();

/** A listing request on market se in English with a page large enough for the whole fixture. */
export function listing(extra: Partial<SearchRequest> = {}): SearchRequest {
  return { language: 'en', market: 'se', pageSize: 50, ...extra };
}

export const anyOf = (key: string, ...values: string[]): Filter => ({ kind: 'terms', key, values, match: 'any' });
export const allOf = (key: string, ...values: string[]): Filter => ({ kind: 'terms', key, values, match: 'all' });
export const range = (key: string, min: number | null, max: number | null): Filter => ({
  kind: 'range',
  key,
  min,
  max,
});
