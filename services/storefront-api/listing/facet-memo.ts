import { LRUCache } from 'lru-cache';
import type { FacetResult, SearchEngine, SearchOptions, SearchRequest, SearchResponse } from '../../../shared/search';

type Entry = { token: string; facets: FacetResult[] };

/**
 * Facet results of listing contexts, kept while the engine serves the same index generation (its serving token).
 * Listings that differ only in sort or page share their facets, which cost most of a listing: the memo lets the
 * engine compute only the page and total for them. Without a serving token (Elasticsearch, preview indices) every
 * search is the engine's. Bounded by entries, least recently used out first.
 */
export class FacetMemo {
  private readonly entries: LRUCache<string, Entry>;
  /** The facet results it has kept (see holds). */
  private readonly kept = new WeakSet<readonly FacetResult[]>();

  constructor(maxEntries = 5000) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  async search(
    engine: SearchEngine,
    alias: string,
    request: SearchRequest,
    token: string | null,
    options?: SearchOptions,
  ): Promise<SearchResponse> {
    if (token === null || request.facets === undefined || request.facets.length === 0)
      return engine.search(alias, request, options);
    const key = facetContextKey(alias, request);
    const hit = this.entries.get(key);
    if (hit !== undefined && hit.token === token)
      return { ...(await engine.search(alias, { ...request, facets: [] }, options)), facets: hit.facets };
    const result = await engine.search(alias, request, options);
    this.entries.set(key, { token, facets: result.facets });
    this.kept.add(result.facets);
    return result;
  }

  /** Whether `facets` are results this memo kept: the same array answers every sort and page of their context. */
  holds(facets: readonly FacetResult[]): boolean {
    return this.kept.has(facets);
  }
}

/**
 * What a request's facets depend on: everything but its sort and page (a new SearchRequest field counts by default).
 */
export function facetContextKey(alias: string, request: SearchRequest): string {
  const { sort: _sort, page: _page, pageSize: _pageSize, ...context } = request;
  return `${alias}\u0000${JSON.stringify(context)}`;
}
