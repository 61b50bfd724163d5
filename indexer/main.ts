import express from 'express';
import { z } from 'zod';
import { httpConfigSchema } from '../shared/config';
import { healthRouter, storeChecks } from '../shared/http/health';
import { exitOnBootFailure, runHttpServiceWith } from '../shared/http/run-http-service';
import { createProcessEngine } from '../shared/search/process-engine';
import { createIndexQueue, queueConfigSchema, scheduleDeltas } from '../shared/index-queue';
import { publishedVersions } from '../shared/storefront-config/site-store';
import { createWorker } from './worker';
import { createMediaPipeline } from './media-pipeline';
import { mediaSourceConfigSchema } from '../shared/media/media-config';

const indexerConfigSchema = httpConfigSchema.extend(queueConfigSchema.shape).extend(mediaSourceConfigSchema.shape).extend({
  ELASTICSEARCH_URL: z.url().optional(),
  /** A full run whose document count falls below this share of the live count is gated. */
  INDEX_GATE_FRACTION: z.coerce.number().gt(0).max(1).default(0.5),
});

// The worker serves no API, only /healthz and /readyz: `npm start` and orchestrators probe it like the other processes.
runHttpServiceWith(
  'indexer',
  indexerConfigSchema,
  async ({ db, redis, logger, config }) => {
    const { engine, sync } = createProcessEngine({ db, redis, dataDir: config.DATA_DIR, elasticsearchUrl: config.ELASTICSEARCH_URL, logger });
    const media = createMediaPipeline(config);
    const worker = createWorker({ db, engine, logger, gateFraction: config.INDEX_GATE_FRACTION, connection: redis, prefix: config.QUEUE_PREFIX, syncEngine: sync, media });
    await worker.waitUntilReady();
    // Every published site has its repeatable delta, even when Redis lost the schedules (a flush, a new instance).
    const queue = createIndexQueue(redis, config.QUEUE_PREFIX);
    for (const siteId of (await publishedVersions(db)).keys()) await scheduleDeltas(queue, siteId, config.STOREFRONT_DELTA_EVERY_MS);
    const workerCheck = async () => {
      if (!worker.isRunning()) throw new Error('worker stopped');
    };
    const app = express().use(healthRouter([...storeChecks(db, redis), { name: 'worker', check: workerCheck }]));
    return {
      app,
      closeFirst: [
        { name: 'worker', close: () => worker.close() },
        { name: 'queue', close: () => queue.close() },
        { name: 'engine', close: () => engine.close() },
      ],
    };
  },
  { pool: { min: 0, max: 4 } },
).catch(exitOnBootFailure);
