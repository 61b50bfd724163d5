// Public surface of the Elasticsearch adapter; callers use the SearchEngine port it implements.
export { ElasticsearchEngine, type ElasticsearchEngineOptions, type QueryLimits } from './elasticsearch-engine';
export { connectClient, SUPPORTED_MAJORS } from './connection';
export type { BulkRetryOptions } from './bulk-writer';
export type { BulkChunkLimits } from './bulk-chunks';
export type { ServingSettings } from './index-body';
