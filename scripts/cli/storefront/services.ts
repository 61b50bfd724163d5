import type { Queue } from 'bullmq';
import { migrateLatest, withDb, type Knex } from '../../../shared/db/knex';
import { loadConfig } from '../../../shared/config';
import { createIndexQueue, queueConfigSchema, type QueueConfig } from '../../../shared/index-queue';
import { createLogger } from '../../../shared/logger';
import { createRedis, type Redis } from '../../../shared/redis';
import { createProcessEngine, type ProcessEngine } from '../../../shared/search/process-engine';
import { elasticsearchConnection, searchConfigSchema } from '../../../shared/search/search-config';
import { dataDir } from '../../services/paths';
import { ensureServices, searchEnv, searchNeeds, stopServices } from '../../services/provision';

export interface CliServices {
  db: Knex;
  redis: Redis;
  queue: Queue;
  queueConfig: QueueConfig;
  /** The search engine, built on first use (only alias commands need it). */
  engine: () => Promise<ProcessEngine>;
}

/** Runs `fn` with a migrated database, Redis and the index queue (the private instances unless URLs are set). */
export async function withCliServices<T>(fn: (services: CliServices) => Promise<T>): Promise<T> {
  const services = await ensureServices(process.env, searchNeeds());
  const queueConfig = loadConfig(queueConfigSchema);
  const redis = createRedis(services.redisUrl);
  const queue = createIndexQueue(redis, queueConfig.QUEUE_PREFIX);
  try {
    return await withDb(services.databaseUrl, { pool: { min: 0, max: 4 } }, async (db) => {
      await migrateLatest(db);
      let engine: ProcessEngine | null = null;
      const logger = createLogger({ name: 'cli', level: 'warn' });
      const getEngine = async () => {
        engine ??= createProcessEngine({
          db,
          redis,
          dataDir: dataDir(),
          elasticsearch: elasticsearchConnection(
            loadConfig(searchConfigSchema, { ...process.env, ...searchEnv(services) }),
          ),
          logger,
        });
        await engine.sync();
        return engine;
      };
      return fn({ db, redis, queue, queueConfig, engine: getEngine });
    });
  } finally {
    await queue.close();
    redis.disconnect();
    await stopServices(services.started);
  }
}
