import type { Knex } from '../../../shared/db/knex';
import { createLogger } from '../../../shared/logger';
import { connectClient, ElasticsearchEngine } from '../../../shared/search/elasticsearch';
import { PrefixedEngine } from '../../../shared/search/prefixed-engine';
import { runIndexJob } from '../../../indexer/runs/run-job';
import { siteIndexNames } from '../../../indexer/runs/index-names';

/** The bench's indices on a shared node carry this prefix (ELASTICSEARCH_INDEX_PREFIX of its storefront process). */
export const BENCH_INDEX_PREFIX = 'bench-';

/**
 * The bench site's live index on Elasticsearch, built by the indexer's full run when its alias names none (a node
 * keeps it between runs, as the embedded snapshot folder does). Returns its document count.
 */
export async function ensureElasticsearchIndex(db: Knex, siteId: number, url: string): Promise<number> {
  const engine = new PrefixedEngine(
    new ElasticsearchEngine({ client: () => connectClient({ node: url }), serving: { replicas: 0 } }),
    BENCH_INDEX_PREFIX,
  );
  try {
    const alias = siteIndexNames(siteId, 'bench').alias;
    if ((await engine.resolveAlias(alias)) === null) {
      console.log('  building the Elasticsearch index (a full run)...');
      const started = performance.now();
      const outcome = await runIndexJob(
        { db, engine, logger: createLogger({ name: 'bench', level: 'warn' }), gateFraction: 0 },
        { type: 'full', siteId },
        { jobId: null, attempt: 1 },
      );
      if (outcome !== 'ok') throw new Error(`full run on Elasticsearch ended ${outcome}`);
      console.log(`  built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    return await engine.count(alias);
  } finally {
    await engine.close();
  }
}
