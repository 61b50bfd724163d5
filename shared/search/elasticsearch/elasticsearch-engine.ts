import type { Client } from '@elastic/elasticsearch';
import { foldedNeedle } from '../analysis/fold';
import type { BulkOperation, BulkResult } from '../bulk';
import type { IndexInfo, SearchEngine } from '../engine';
import type { FacetValuesRequest, FacetValuesResponse } from '../facet-values';
import type { IndexSettings } from '../index-settings';
import type { SearchRequest, SearchResponse } from '../search-request';
import type { SpellingRequest, SpellingResponse } from '../spelling';
import type { SuggestRequest, SuggestResponse } from '../suggest';
import * as aliases from './aliases';
import { prepareBulk } from './bulk-body';
import { DEFAULT_BULK_CHUNK, type BulkChunkLimits } from './bulk-chunks';
import { DEFAULT_BULK_RETRY, writeBulk, type BulkRetryOptions } from './bulk-writer';
import { ClientHolder, type ClientSource } from './client-holder';
import { esCall, msearchItemError } from './es-errors';
import { buildFacetValuesBody } from './facet-values-body';
import { DEFAULT_SERVING, type ServingSettings } from './index-body';
import * as lifecycle from './index-lifecycle';
import type { IndexMeta } from './index-meta';
import { extendMapping } from './mapping-extension';
import { merchandisedSearch, needsMultiSearch } from './merchandised-search';
import { MetaCache } from './meta-cache';
import { boundedCall, DEFAULT_QUERY_LIMITS, type QueryLimits } from './query-limits';
import {
  mapFacetValues,
  mapHits,
  mapSearchResponse,
  mapSuggestValues,
  type EsSearchResponse,
  type HitSource,
} from './query-responses';
import { buildSearchBody, type SearchBody } from './search-body';
import { buildSpellingBody, mapSpelling, noDictionary } from './spelling-body';
import { buildSuggestBody } from './suggest-body';
import { buildTypoSuggestBody, readTypoTerms, typoWords, type TypoTerms } from './typo-expansion';

export type { QueryLimits } from './query-limits';

export interface ElasticsearchEngineOptions {
  /** A client, or a factory (connectClient) called on first use. The engine takes ownership: close() closes it. */
  client: ClientSource;
  /** Refresh interval and replicas a built index serves with (default 1s and 0-1 replicas). */
  serving?: Partial<ServingSettings>;
  bulkRetry?: Partial<BulkRetryOptions>;
  /** Most bytes and operations one bulk request carries (default 5 MB and 1000). */
  bulkChunk?: Partial<BulkChunkLimits>;
  /** How long a target's languages and boosts are trusted (default 30 s). */
  metaTtlMs?: number;
  query?: Partial<QueryLimits>;
}

/**
 * The search port on Elasticsearch. A new index starts in bulk-load mode (refresh off, no replicas);
 * the first refresh restores the serving settings. Queries are one `_search` each on the alias, which
 * Elasticsearch resolves once per request, so a concurrent swap never splits a query (a text search with
 * words of 5+ letters first asks for their typo neighbours; those only widen the text match).
 */
export class ElasticsearchEngine implements SearchEngine {
  private readonly clients: ClientHolder;
  private readonly serving: ServingSettings;
  private readonly bulkRetry: BulkRetryOptions;
  private readonly bulkChunk: BulkChunkLimits;
  private readonly queryLimits: QueryLimits;
  private readonly metas: MetaCache;

  constructor(options: ElasticsearchEngineOptions) {
    this.clients = new ClientHolder(options.client);
    this.serving = { ...DEFAULT_SERVING, ...options.serving };
    this.bulkRetry = { ...DEFAULT_BULK_RETRY, ...options.bulkRetry };
    this.bulkChunk = { ...DEFAULT_BULK_CHUNK, ...options.bulkChunk };
    this.queryLimits = { ...DEFAULT_QUERY_LIMITS, ...options.query };
    // The lookup runs on the query path, so it has the query's bounds, not the client's 30 s and 3 retries.
    this.metas = new MetaCache(
      async (target) => lifecycle.readMeta(await this.clients.get(), target, this.queryLimits),
      options.metaTtlMs ?? 30_000,
    );
  }

  async createIndex(name: string, settings: IndexSettings): Promise<void> {
    this.metas.clear();
    await lifecycle.createIndex(await this.clients.get(), name, settings);
  }

  async bulk(name: string, operations: BulkOperation[]): Promise<BulkResult> {
    const client = await this.clients.get();
    // Read fresh: it also proves the index exists, since a bulk write would silently auto-create it.
    const { meta, refusals } = await extendMapping(client, name, await lifecycle.readMeta(client, name), operations);
    return writeBulk(client, name, prepareBulk(name, operations, meta, refusals), {
      retry: this.bulkRetry,
      chunk: this.bulkChunk,
    });
  }

  async refresh(name: string): Promise<void> {
    await lifecycle.refreshIndex(await this.clients.get(), name, this.serving);
  }

  async count(name: string): Promise<number> {
    return lifecycle.countDocuments(await this.clients.get(), name);
  }

  async resolveAlias(alias: string): Promise<string | null> {
    return aliases.resolveAlias(await this.clients.get(), alias);
  }

  async swapAlias(alias: string, index: string): Promise<string | null> {
    this.metas.clear();
    return aliases.swapAlias(await this.clients.get(), alias, index);
  }

  async deleteIndex(name: string): Promise<void> {
    this.metas.clear();
    await lifecycle.deleteIndex(await this.clients.get(), name);
  }

  async listIndices(prefix: string): Promise<IndexInfo[]> {
    return lifecycle.listIndices(await this.clients.get(), prefix);
  }

  async search(target: string, request: SearchRequest): Promise<SearchResponse> {
    const meta = await this.metas.get(target);
    const typos = await this.typoTerms(target, request, meta);
    if (needsMultiSearch(request))
      return merchandisedSearch((index, bodies) => this.multiQuery(index, bodies), target, request, meta, typos);
    const body = buildSearchBody(request, meta, typos);
    const response = await this.query(target, body);
    return mapSearchResponse(response, request.facets ?? [], body.track_scores === true);
  }

  async facetValues(target: string, request: FacetValuesRequest): Promise<FacetValuesResponse> {
    const response = await this.query(target, buildFacetValuesBody(request, await this.metas.get(target)));
    return mapFacetValues(response, foldedNeedle(request.q));
  }

  async suggest(target: string, request: SuggestRequest): Promise<SuggestResponse> {
    const meta = await this.metas.get(target);
    const response = await this.query(target, buildSuggestBody(request, meta));
    const analysed = meta.languages.includes(request.language);
    return {
      hits: mapHits(response, false),
      values: mapSuggestValues(response, request.facetKeys, foldedNeedle(request.q), analysed, request.valueLimit),
    };
  }

  async spelling(target: string, request: SpellingRequest): Promise<SpellingResponse> {
    const meta = await this.metas.get(target);
    if (!meta.languages.includes(request.language)) return noDictionary(request);
    return mapSpelling(request, await this.query(target, buildSpellingBody(request)));
  }

  async close(): Promise<void> {
    this.metas.clear();
    await this.clients.close();
  }

  /** Typo neighbours of the query's long words, found by one suggest request first (none without such words). */
  private async typoTerms(target: string, request: SearchRequest, meta: IndexMeta): Promise<TypoTerms | undefined> {
    const words = typoWords(request.text, request.synonyms);
    if (words.length === 0 || !meta.languages.includes(request.language)) return undefined;
    const response = await this.query(target, buildTypoSuggestBody(words, request.language));
    return readTypoTerms(response.suggest, words, request.language);
  }

  /** One storefront query, bounded in time: a timeout or lost connection rejects with UNAVAILABLE. */
  private async query(target: string, body: SearchBody): Promise<EsSearchResponse> {
    const client: Client = await this.clients.get();
    return esCall(target, () => client.search<HitSource>({ index: target, ...body }, boundedCall(this.queryLimits)));
  }

  /** Several storefront queries in one `_msearch`, bounded like one; a failed search fails them all. */
  private async multiQuery(target: string, bodies: SearchBody[]): Promise<EsSearchResponse[]> {
    const client: Client = await this.clients.get();
    const searches = bodies.flatMap((body) => [{}, body]);
    const answer = await esCall(target, () =>
      client.msearch<HitSource>({ index: target, searches }, boundedCall(this.queryLimits)),
    );
    return answer.responses.map((item) => {
      if ('error' in item) throw msearchItemError(item, target);
      return item;
    });
  }
}
