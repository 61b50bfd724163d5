import { randomBytes } from 'node:crypto';
import type { SearchEngine } from '../../shared/search';
import { connectClient, ElasticsearchEngine } from '../../shared/search/elasticsearch';
import { PrefixedEngine } from '../../shared/search/prefixed-engine';
import { elasticsearchDecision } from './elasticsearch';

// Suites that run on both engines: the embedded one always, Elasticsearch on the node `npm test` provisioned.

export type EngineKind = 'embedded' | 'elasticsearch';

/** A search engine for one test file, and how to remove what it made. */
export type TestEngine = { engine: SearchEngine; cleanup: () => Promise<void> };

/**
 * The engines an engine-parameterized suite runs on (for `describe.each`); Elasticsearch only where a node runs,
 * else its skip reason is printed once per file.
 */
export function engineKinds(suite: string): EngineKind[] {
  const decision = elasticsearchDecision(process.env);
  if (decision.kind === 'url') return ['embedded', 'elasticsearch'];
  console.warn(`${suite} on Elasticsearch skipped: ${decision.reason}`);
  return ['embedded'];
}

/**
 * An engine on the provisioned Elasticsearch node whose indices all carry a prefix of this test file's own (test
 * files run in parallel and their databases number sites alike); `cleanup` drops them and closes the client.
 */
export function createElasticsearchTestEngine(): TestEngine {
  const decision = elasticsearchDecision(process.env);
  if (decision.kind !== 'url') throw new Error(`no Elasticsearch node: ${decision.reason}`);
  const prefix = `t${process.env.JEST_WORKER_ID ?? '0'}-${randomBytes(4).toString('hex')}-`;
  const inner = new ElasticsearchEngine({
    client: () => connectClient({ node: decision.url }),
    serving: { replicas: 0 },
  });
  const engine = new PrefixedEngine(inner, prefix);
  const cleanup = async () => {
    for (const { name } of await engine.listIndices('')) await engine.deleteIndex(name);
    await engine.close();
  };
  return { engine, cleanup };
}
