import { Client } from '@elastic/elasticsearch';
import type { SearchEngine } from './engine';
import { ElasticsearchEngine, type ElasticsearchEngineOptions } from './elasticsearch';

/** How a process picks its search engine. */
export interface SearchEngineConfig {
  /** When set, Elasticsearch at this URL serves every index. */
  elasticsearchUrl?: string | undefined;
  /** Elasticsearch tuning (serving replicas and refresh interval, bulk retries). */
  elasticsearch?: Omit<ElasticsearchEngineOptions, 'client'>;
  /** Builds the embedded engine; its alias and snapshot stores are the caller's wiring. */
  embedded: () => SearchEngine;
}

/** Elasticsearch when ELASTICSEARCH_URL is configured, else the embedded engine. Call once at boot. */
export function createSearchEngine(config: SearchEngineConfig): SearchEngine {
  const url = config.elasticsearchUrl?.trim();
  if (!url) return config.embedded();
  return new ElasticsearchEngine({ ...config.elasticsearch, client: new Client({ node: url }) });
}
