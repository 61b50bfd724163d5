import type { Client } from '@elastic/elasticsearch';
import { foldedNeedle } from '../analysis/fold';
import type { BulkOperation, BulkResult } from '../bulk';
import type { IndexInfo, SearchEngine } from '../engine';
import type { FacetValuesRequest, FacetValuesResponse } from '../facet-values';
import type { IndexSettings } from '../index-settings';
import type { SearchRequest, SearchResponse } from '../search-request';
import type { SuggestRequest, SuggestResponse } from '../suggest';
import * as aliases from './aliases';
import { DEFAULT_BULK_RETRY, writeBulk, type BulkRetryOptions } from './bulk-writer';
import { esCall } from './es-errors';
import { buildFacetValuesBody } from './facet-values-body';
import { DEFAULT_SERVING, type ServingSettings } from './index-body';
import * as lifecycle from './index-lifecycle';
import { MetaCache } from './meta-cache';
import { mapFacetValues, mapHits, mapSearchResponse, mapSuggestValues, type EsSearchResponse, type HitSource } from './query-responses';
import { buildSearchBody, type SearchBody } from './search-body';
import { buildSuggestBody } from './suggest-body';

export interface ElasticsearchEngineOptions {
  /** The engine takes ownership: close() closes it. */
  client: Client;
  /** Refresh interval and replicas a built index serves with (default 1s and 1). */
  serving?: Partial<ServingSettings>;
  bulkRetry?: Partial<BulkRetryOptions>;
  /** How long a target's languages and boosts are trusted (default 30 s). */
  metaTtlMs?: number;
}

/**
 * The search port on Elasticsearch. A new index starts in bulk-load mode (refresh off, no replicas);
 * the first refresh restores the serving settings. Queries are one `_search` each on the alias, which
 * Elasticsearch resolves once per request, so a concurrent swap never splits a query.
 */
export class ElasticsearchEngine implements SearchEngine {
  private readonly client: Client;
  private readonly serving: ServingSettings;
  private readonly bulkRetry: BulkRetryOptions;
  private readonly metas: MetaCache;

  constructor(options: ElasticsearchEngineOptions) {
    this.client = options.client;
    this.serving = { ...DEFAULT_SERVING, ...options.serving };
    this.bulkRetry = { ...DEFAULT_BULK_RETRY, ...options.bulkRetry };
    this.metas = new MetaCache((target) => lifecycle.readMeta(this.client, target), options.metaTtlMs ?? 30_000);
  }

  async createIndex(name: string, settings: IndexSettings): Promise<void> {
    this.metas.clear();
    await lifecycle.createIndex(this.client, name, settings);
  }

  async bulk(name: string, operations: BulkOperation[]): Promise<BulkResult> {
    // Read fresh: it also proves the index exists, since a bulk write would silently auto-create it.
    const meta = await lifecycle.readMeta(this.client, name);
    return writeBulk(this.client, name, operations, meta.languages, this.bulkRetry);
  }

  async refresh(name: string): Promise<void> {
    await lifecycle.refreshIndex(this.client, name, this.serving);
  }

  async count(name: string): Promise<number> {
    return lifecycle.countDocuments(this.client, name);
  }

  async resolveAlias(alias: string): Promise<string | null> {
    return aliases.resolveAlias(this.client, alias);
  }

  async swapAlias(alias: string, index: string): Promise<string | null> {
    this.metas.clear();
    return aliases.swapAlias(this.client, alias, index);
  }

  async deleteIndex(name: string): Promise<void> {
    this.metas.clear();
    await lifecycle.deleteIndex(this.client, name);
  }

  async listIndices(prefix: string): Promise<IndexInfo[]> {
    return lifecycle.listIndices(this.client, prefix);
  }

  async search(target: string, request: SearchRequest): Promise<SearchResponse> {
    const body = buildSearchBody(request, await this.metas.get(target));
    const response = await this.query(target, body);
    return mapSearchResponse(response, request.facets ?? [], body.track_scores === true);
  }

  async facetValues(target: string, request: FacetValuesRequest): Promise<FacetValuesResponse> {
    const response = await this.query(target, buildFacetValuesBody(request, await this.metas.get(target)));
    return mapFacetValues(response, foldedNeedle(request.q));
  }

  async suggest(target: string, request: SuggestRequest): Promise<SuggestResponse> {
    const response = await this.query(target, buildSuggestBody(request, await this.metas.get(target)));
    return { hits: mapHits(response, false), values: mapSuggestValues(response, request.facetKeys, foldedNeedle(request.q), request.valueLimit) };
  }

  async close(): Promise<void> {
    this.metas.clear();
    await this.client.close();
  }

  private query(target: string, body: SearchBody): Promise<EsSearchResponse> {
    return esCall(target, () => this.client.search<HitSource>({ index: target, ...body }));
  }
}
