/** What is searched: a listing (with text, or a browse listing with none), a suggest, or a search in a facet. */
export type SearchKind = 'listing' | 'suggest' | 'facet-values';
export const SEARCH_KINDS: readonly SearchKind[] = ['listing', 'suggest', 'facet-values'];

/**
 * What one storefront answer says about the search a shopper made: worked out once with the answer and recorded
 * for every request it answers, cached or not. Nothing in it identifies the shopper.
 */
export interface SearchFact {
  kind: SearchKind;
  /** The query after the search normalisation (normaliseQuery); '' for a browse listing. */
  query: string;
  /** The result total: 0 is a search that found nothing. */
  total: number;
  /** A query correction answered instead of the query. */
  corrected: boolean;
  /** A redirect rule matched the query. */
  redirected: boolean;
  /** A merchandising rule (other than a redirect) applied. */
  ruled: boolean;
  /** Each filter value used, as `key=value`. */
  filters: readonly string[];
  page: number;
}

/** Where a search was made: the site, its market and language. */
export interface SearchPlace {
  tenantId: number;
  siteId: number;
  market: string;
  language: string;
}

/** A search and where it was made: what a served answer records. */
export interface RecordedSearch {
  place: SearchPlace;
  fact: SearchFact;
}

/** Receives the searches the storefront answers (a SearchAnalytics, or nothing when analytics are off). */
export type SearchRecorder = (search: RecordedSearch) => void;
