import { SearchEngineError, type IndexSettings } from '../../../../shared/search';
import { connectClient, ElasticsearchEngine } from '../../../../shared/search/elasticsearch';
import { elasticsearchDecision } from '../../../support/elasticsearch';
import { runSearchEngineContract } from '../../../unit/shared/search/contract/engine-contract';

/** Remembers the indices the suite creates, so a shared cluster (ELASTICSEARCH_URL) is left as found. */
class TrackingEngine extends ElasticsearchEngine {
  readonly created = new Set<string>();

  override async createIndex(name: string, settings: IndexSettings): Promise<void> {
    await super.createIndex(name, settings);
    this.created.add(name);
  }

  async dropCreated(): Promise<void> {
    for (const name of this.created) {
      // Cases may have dropped their own indices already.
      await this.deleteIndex(name).catch((error: unknown) => {
        if (!(error instanceof SearchEngineError && error.code === 'INDEX_NOT_FOUND')) throw error;
      });
    }
  }
}

const decision = elasticsearchDecision(process.env);
const url = decision.kind === 'url' ? decision.url : '';

// The client is made the way production makes it: the server's version is read first and the compatibility
// headers follow it, so the same suite runs against 8.x (e.g. ELASTICSEARCH_IMAGE=...:8.19.x) and 9.x.
runSearchEngineContract(
  'elasticsearch',
  async () => new TrackingEngine({ client: () => connectClient({ node: url }), serving: { replicas: 0 } }),
  {
    ...(decision.kind === 'skip' ? { skipReason: decision.reason } : {}),
    teardown: async (engine) => {
      if (engine instanceof TrackingEngine) await engine.dropCreated();
      await engine.close();
    },
  },
);
