// Public surface of the Elasticsearch adapter; callers use the SearchEngine port it implements.
export { ElasticsearchEngine, type ElasticsearchEngineOptions } from './elasticsearch-engine';
export type { BulkRetryOptions } from './bulk-writer';
export type { ServingSettings } from './index-body';
