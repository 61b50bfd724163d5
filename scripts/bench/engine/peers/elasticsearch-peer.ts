import type { Client } from '@elastic/elasticsearch';
import type { IndexSettings, SearchDocument, SearchRequest, SearchResponse } from '../../../../shared/search';
import { connectClient, ElasticsearchEngine } from '../../../../shared/search/elasticsearch';
import type { BenchPeer, PeerBuildReport, QueryName } from '../bench-types';
import { PORT_QUERIES } from '../queries';

const INDEX = 'aisle-bench-es';
const ALIAS = 'aisle-bench-es-live';
const BATCH = 5000;
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(0)} MB`;

/**
 * Elasticsearch as a peer, over HTTP through Aisle's own adapter: the index built as the indexer builds it (the
 * site's mapping, bulk-load mode, refresh), force-merged to one segment as Lucene's index is, then queried with
 * the same port requests as the embedded engine, so both answer the same totals. Timings include the HTTP round
 * trip and the adapter's request building and response mapping: what the storefront pays.
 */
export class ElasticsearchPeer implements BenchPeer {
  readonly name = 'elasticsearch';
  private readonly engine: ElasticsearchEngine;
  private client: Client | null = null;

  constructor(
    private readonly url: string,
    private readonly settings: IndexSettings,
  ) {
    this.engine = new ElasticsearchEngine({
      client: async () => (this.client ??= await connectClient({ node: url })),
      serving: { replicas: 0 },
    });
  }

  async build(docs: readonly SearchDocument[]): Promise<PeerBuildReport> {
    await this.engine.deleteIndex(INDEX).catch(() => undefined);
    const started = performance.now();
    await this.engine.createIndex(INDEX, this.settings);
    for (let i = 0; i < docs.length; i += BATCH) {
      const result = await this.engine.bulk(
        INDEX,
        docs.slice(i, i + BATCH).map((document) => ({ action: 'index', document })),
      );
      if (result.failures.length > 0) throw new Error(`bulk failures: ${JSON.stringify(result.failures.slice(0, 3))}`);
    }
    await this.engine.refresh(INDEX);
    const client = this.requireClient();
    await client.indices.forcemerge({ index: INDEX, max_num_segments: 1 });
    await this.engine.refresh(INDEX);
    const buildMs = performance.now() - started;
    await this.engine.swapAlias(ALIAS, INDEX);
    return { buildMs, memoryBytes: null, memoryNote: await this.memoryNote(client) };
  }

  async run(query: QueryName): Promise<number> {
    if (query === 'Q4') {
      const result = await this.engine.suggest(ALIAS, PORT_QUERIES.Q4);
      return result.hits.length + result.values.length;
    }
    return (await this.engine.search(ALIAS, PORT_QUERIES[query])).total;
  }

  search(request: SearchRequest): Promise<SearchResponse> {
    return this.engine.search(ALIAS, request);
  }

  async close(): Promise<void> {
    await this.engine.deleteIndex(INDEX).catch(() => undefined);
    await this.engine.close();
  }

  private requireClient(): Client {
    if (this.client === null) throw new Error(`no client for ${this.url}`);
    return this.client;
  }

  /** The node's heap in use and its maximum, and the index's size on disk (a single-node cluster). */
  private async memoryNote(client: Client): Promise<string> {
    const stats = await client.nodes.stats({ metric: ['jvm'] });
    const jvm = Object.values(stats.nodes)[0]?.jvm?.mem;
    const store = await client.indices.stats({ index: INDEX, metric: ['store'] });
    const bytes = store._all.primaries?.store?.size_in_bytes ?? 0;
    return `node heap in use ${mb(jvm?.heap_used_in_bytes ?? 0)} of ${mb(jvm?.heap_max_in_bytes ?? 0)}, index files ${mb(bytes)} (mmap); a separate JVM`;
  }
}
