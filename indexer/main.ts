import express from 'express';
import { httpConfigSchema, loadConfig } from '../shared/config';
import { createDb, pingDb } from '../shared/db/knex';
import { healthRouter } from '../shared/http/health';
import { listen } from '../shared/http/listen';
import { exitOnBootFailure } from '../shared/http/run-http-service';
import { createLogger } from '../shared/logger';
import { createRedis, pingRedis } from '../shared/redis';
import { onShutdown } from '../shared/shutdown';
import { createWorker } from './worker';

async function main() {
  const config = loadConfig(httpConfigSchema);
  const logger = createLogger({ name: 'indexer', level: config.LOG_LEVEL });
  const db = createDb(config.DATABASE_URL, { pool: { min: 0, max: 4 }, logger });
  const redis = createRedis(config.REDIS_URL, { connectionName: 'indexer' });
  const worker = createWorker({ db, connection: redis, logger }, {});
  await worker.waitUntilReady();
  const health = express().use(
    healthRouter([
      { name: 'postgres', check: () => pingDb(db) },
      { name: 'redis', check: () => pingRedis(redis) },
      { name: 'worker', check: async () => { if (!worker.isRunning()) throw new Error('worker stopped'); } },
    ]),
  );
  const running = await listen(health, config.HOST, config.PORT);
  onShutdown(
    [
      { name: 'worker', close: () => worker.close() },
      { name: 'http', close: running.close },
      { name: 'db', close: () => db.destroy() },
      { name: 'redis', close: () => redis.quit() },
    ],
    logger,
    config.SHUTDOWN_TIMEOUT_MS,
  );
  logger.info({ url: running.url }, 'indexer worker connected to its queue');
}

main().catch(exitOnBootFailure);
