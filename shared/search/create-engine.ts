import type { SearchEngine } from './engine';
import { connectClient, ElasticsearchEngine, type ElasticsearchEngineOptions } from './elasticsearch';

/** How a process picks its search engine. */
export interface SearchEngineConfig {
  /** When set, Elasticsearch at this URL serves every index. */
  elasticsearchUrl?: string | undefined;
  /** Elasticsearch tuning (serving replicas and refresh interval, bulk retries). */
  elasticsearch?: Omit<ElasticsearchEngineOptions, 'client'>;
  /** Builds the embedded engine; its alias and snapshot stores are the caller's wiring. */
  embedded: () => SearchEngine;
}

/**
 * Elasticsearch when ELASTICSEARCH_URL is configured, else the embedded engine. Call once at boot. The
 * Elasticsearch client is made on first use, after asking the server its version (8.x and 9.x are supported).
 */
export function createSearchEngine(config: SearchEngineConfig): SearchEngine {
  const url = config.elasticsearchUrl?.trim();
  if (!url) return config.embedded();
  return new ElasticsearchEngine({ ...config.elasticsearch, client: () => connectClient({ node: url }) });
}
