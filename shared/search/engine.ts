import type { BulkOperation, BulkResult } from './bulk';
import type { JsonValue } from './document';
import type { FacetValuesRequest, FacetValuesResponse } from './facet-values';
import type { IndexSettings } from './index-settings';
import type { SearchOptions, SearchRequest, SearchResponse } from './search-request';
import type { SpellingRequest, SpellingResponse } from './spelling';
import type { SuggestRequest, SuggestResponse } from './suggest';

/** An index as listed: its visible document count and the aliases that point to it. */
export interface IndexInfo {
  name: string;
  docCount: number;
  aliases: string[];
}

/** Cards read by id, and the serving token of the generation they were read from. */
export interface ServedCards {
  token: string;
  cards: Map<string, JsonValue>;
}

/** A document as served, read by id: its card, and the detail a full build kept for it (null: none kept). */
export interface ServedDocument {
  card: JsonValue;
  detail: Uint8Array | null;
}

/** Documents read by id, with the serving token and the index (not alias) they were read from. */
export interface ServedDocuments {
  token: string;
  index: string;
  documents: Map<string, ServedDocument>;
}

/**
 * The engine-neutral search port. `target` is an alias or an index name. Unknown targets reject with
 * SearchEngineError('INDEX_NOT_FOUND'). A query resolves its target once, so a query in flight during
 * swapAlias finishes entirely on the index it started on.
 */
export interface SearchEngine {
  /** Creates an empty index; INDEX_EXISTS when the name is taken, INVALID_NAME unless [a-z0-9][a-z0-9._-]*. */
  createIndex(name: string, settings: IndexSettings): Promise<void>;
  /** Applies operations in order; invalid items are reported, never thrown. Not visible before refresh. */
  bulk(name: string, operations: BulkOperation[]): Promise<BulkResult>;
  /** Makes every bulk write so far visible to count and queries. */
  refresh(name: string): Promise<void>;
  /** Number of visible documents. */
  count(name: string): Promise<number>;
  /** Index the alias points to, or null when the alias does not exist. */
  resolveAlias(alias: string): Promise<string | null>;
  /** Points the alias at the index in one atomic step (creating it); returns the previous index or null. */
  swapAlias(alias: string, index: string): Promise<string | null>;
  /** Drops an index and any alias pointing to it; queries already running on it still finish. */
  deleteIndex(name: string): Promise<void>;
  /** Indices whose names start with the prefix, sorted by name. */
  listIndices(prefix: string): Promise<IndexInfo[]>;
  /** Listing or text search with facets; see SearchRequest and SearchOptions. */
  search(target: string, request: SearchRequest, options?: SearchOptions): Promise<SearchResponse>;
  /** Search-in-facet; see FacetValuesRequest. */
  facetValues(target: string, request: FacetValuesRequest): Promise<FacetValuesResponse>;
  /** Type-ahead; see SuggestRequest. */
  suggest(target: string, request: SuggestRequest): Promise<SuggestResponse>;
  /** Spelling candidates from the index's name-word dictionary (query correction); see SpellingRequest. */
  spelling(target: string, request: SpellingRequest): Promise<SpellingResponse>;
  /**
   * A token that changes whenever what `target` answers may change (an alias swap, a refresh, a reload), read
   * without a round trip; null when the target is unknown. Engines that cannot tell cheaply leave it out, and
   * their answers are cached for a short interval only.
   */
  servingToken?(target: string): string | null;
  /**
   * The cards of the documents among `ids` that `target` serves now, keyed by id (an id it does not hold is left
   * out), with the serving token they were read under; read without a round trip, null when the target is unknown.
   * Engines that cannot read them cheaply leave it out.
   */
  servedCards?(target: string, ids: readonly string[]): ServedCards | null;
  /**
   * Like servedCards, with each document's detail (see BulkOperation) and the index the target resolved to. A
   * detail is kept only by a full build and only for the document's version it built (a later version has none;
   * merges keep those of the versions they still serve).
   */
  servedDocuments?(target: string, ids: readonly string[]): ServedDocuments | null;
  /** Releases clients and timers; the engine is unusable afterwards. */
  close(): Promise<void>;
}
