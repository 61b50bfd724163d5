import { exitOnBootFailure, runHttpServiceWith } from '../shared/http/run-http-service';
import { createProcessEngine } from '../shared/search/process-engine';
import { elasticsearchConnection } from '../shared/search/search-config';
import { createIndexQueue, scheduleDeltas } from '../shared/index-queue';
import { publishedVersions } from '../shared/storefront-config/site-store';
import { createMetricsRegistry } from '../shared/metrics/registry';
import { createIndexerApp } from './app';
import { indexRunMetrics } from './runs/run-metrics';
import { createWorker } from './worker';
import { createMediaPipeline } from './media-pipeline';
import { indexerConfigSchema } from './config';

runHttpServiceWith(
  'indexer',
  indexerConfigSchema,
  async ({ db, redis, logger, config }) => {
    const { engine, sync } = createProcessEngine({
      db,
      redis,
      dataDir: config.DATA_DIR,
      elasticsearch: elasticsearchConnection(config),
      logger,
    });
    const media = createMediaPipeline(config);
    const metrics = createMetricsRegistry('indexer', { nodeMetrics: true });
    const worker = createWorker({
      db,
      engine,
      logger,
      gateFraction: config.INDEX_GATE_FRACTION,
      connection: redis,
      prefix: config.QUEUE_PREFIX,
      syncEngine: sync,
      media,
      metrics: indexRunMetrics(metrics),
    });
    await worker.waitUntilReady();
    // Every published site has its repeatable delta, even when Redis lost the schedules (a flush, a new instance).
    const queue = createIndexQueue(redis, config.QUEUE_PREFIX);
    for (const siteId of (await publishedVersions(db)).keys())
      await scheduleDeltas(queue, siteId, config.STOREFRONT_DELTA_EVERY_MS);
    return {
      app: createIndexerApp({ db, redis, worker, queue, metrics }),
      closeFirst: [
        { name: 'worker', close: () => worker.close() },
        { name: 'queue', close: () => queue.close() },
        { name: 'engine', close: () => engine.close() },
      ],
    };
  },
  { pool: { min: 0, max: 4 } },
).catch(exitOnBootFailure);
