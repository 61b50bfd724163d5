import type { JsonValue } from './document';
import type { FacetRequest, FacetResult } from './facets';
import type { Filter } from './filters';
import type { FilterSet, Pin, SynonymRewrite } from './merchandising';

/**
 * Listing sort keys of the storefront. `relevance` orders by text score, or by popularity descending when
 * there is no text; `price_*` use `price.<market>`; `name_asc` uses the request language's sort name;
 * `newest` is createdAt descending. Documents missing the sort value come last; ties go by id ascending.
 */
export type SortKey = 'relevance' | 'price_asc' | 'price_desc' | 'name_asc' | 'newest';

/** Default page size of the listing contract. */
export const DEFAULT_PAGE_SIZE = 24;

/** The API never asks past this result (page x pageSize <= 10 000); engines may serve nothing beyond it. */
export const MAX_RESULT_POSITION = 10_000;

/**
 * One listing or search query, always scoped to the documents sellable on `market`.
 * Every word of `text` must match (stem, exact SKU, or one typo for words of 5+ letters) in some field.
 *
 * A typo match: for a query word of 5+ letters, the indexed words whose folded form is one edit away
 * (insertion, deletion, substitution or swap of neighbours) are found, and the word matches their stems, so
 * every inflection of the corrected word; it scores at 0.4 of an exact match, and an exact match collects
 * nothing extra from it. Both engines implement exactly this.
 */
export interface SearchRequest {
  text?: string;
  language: string;
  market: string;
  /** Fixed filters such as a collection scope: always applied, never relaxed in facet counts. */
  scope?: Filter[];
  /** Shopper selections, ANDed; an `any` filter is relaxed in its own facet's counts. */
  filters?: Filter[];
  facets?: FacetRequest[];
  /** Default `relevance`. */
  sort?: SortKey;
  /**
   * 1-based; default 1. A page past the end returns no hits and the true total and facets. Results past the
   * 10 000th (MAX_RESULT_POSITION, the API's bound on page x pageSize) may be left out by an engine with a
   * result window (Elasticsearch); total and facets stay exact.
   */
  page?: number;
  /** Default 24. Callers enforce the API's bounds. */
  pageSize?: number;
  /** Synonym rewrites of the text's words (see textClauses); a word's terms score only where its alternative matches. */
  synonyms?: SynonymRewrite[];
  /**
   * Products placed at 1-based positions of the answer whatever the sort (see pinIndices): a pinned product is
   * part of the answer (total, facets) when it is sellable on the market and passes scope and filters, whether
   * or not it matches the text; the other documents keep their order around it. Ids not in the index are ignored. A pinned hit's score
   * is its text score, 0 when it does not match the text.
   */
  pins?: Pin[];
  /** Products left out of the answer: hits, total and facet counts (a hidden product stays hidden when pinned). */
  hide?: string[];
  /**
   * With `relevance` only: documents in a boost set and in no bury set come first, those in a bury set and in
   * no boost set last (rankTier), each group in relevance order. Membership, total and facets do not change.
   */
  boost?: FilterSet[];
  bury?: FilterSet[];
}

/**
 * One result document; `score` is the text score (0 without text). `cardKey`, where the engine gives one, names
 * the card's bytes in this process: two hits with the same key have the same card, whatever index or generation
 * they come from. `card` is null when the caller said it holds that key (SearchOptions.holdsCard).
 */
export interface SearchHit {
  id: string;
  score: number;
  card: JsonValue;
  cardKey?: string;
}

/** How a caller takes a search's answer. */
export interface SearchOptions {
  /**
   * Whether the caller already holds what it makes of the card of this key (see SearchHit.cardKey): such a hit
   * comes without its card, which the engine then neither reads nor decodes.
   */
  holdsCard?: (cardKey: string) => boolean;
}

/** Hits of the requested page, the total over all pages, and facets in the filter context. */
export interface SearchResponse {
  total: number;
  hits: SearchHit[];
  facets: FacetResult[];
}
