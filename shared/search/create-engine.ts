import type { ClientOptions } from '@elastic/elasticsearch';
import type { SearchEngine } from './engine';
import { connectClient, ElasticsearchEngine, type ElasticsearchEngineOptions } from './elasticsearch';
import { PrefixedEngine } from './prefixed-engine';
import type { ElasticsearchConnection } from './search-config';

/** How a process picks its search engine. */
export interface SearchEngineConfig {
  /** When set, Elasticsearch serves every index. */
  elasticsearch?: ElasticsearchConnection | undefined;
  /** Elasticsearch tuning (serving replicas and refresh interval, bulk retries). */
  elasticsearchTuning?: Omit<ElasticsearchEngineOptions, 'client'>;
  /** Builds the embedded engine; its alias and snapshot stores are the caller's wiring. */
  embedded: () => SearchEngine;
}

/** The client options of a connection: its node, API key and CA. Pure. */
export function clientOptions(connection: ElasticsearchConnection): ClientOptions {
  return {
    node: connection.url,
    ...(connection.apiKey ? { auth: { apiKey: connection.apiKey } } : {}),
    ...(connection.ca ? { tls: { ca: connection.ca } } : {}),
  };
}

/**
 * Elasticsearch when a connection is configured, else the embedded engine. Call once at boot. The
 * Elasticsearch client is made on first use, after asking the server its version (8.x and 9.x are supported);
 * with an index prefix, every index and alias name carries it on the cluster.
 */
export function createSearchEngine(config: SearchEngineConfig): SearchEngine {
  const connection = config.elasticsearch;
  if (!connection) return config.embedded();
  const engine = new ElasticsearchEngine({
    ...config.elasticsearchTuning,
    client: () => connectClient(clientOptions(connection)),
  });
  return connection.indexPrefix ? new PrefixedEngine(engine, connection.indexPrefix) : engine;
}
