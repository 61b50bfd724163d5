import type { Express } from 'express';
import type { Knex } from 'knex';
import { httpConfigSchema, loadConfig, type HttpConfig } from '../config';
import { createDb } from '../db/knex';
import { createLogger, type Logger } from '../logger';
import { createRedis, type Redis } from '../redis';
import { onShutdown } from '../shutdown';
import { listen } from './listen';

export type HttpServiceDeps = { db: Knex; redis: Redis; logger: Logger; config: HttpConfig };

/**
 * The shared `main` of an HTTP process: parse config, build clients, serve the app,
 * and on SIGINT/SIGTERM stop accepting, finish in-flight requests and close the clients.
 */
export async function runHttpService(name: string, createApp: (deps: HttpServiceDeps) => Express): Promise<void> {
  const config = loadConfig(httpConfigSchema);
  const logger = createLogger({ name, level: config.LOG_LEVEL });
  const db = createDb(config.DATABASE_URL, { logger });
  const redis = createRedis(config.REDIS_URL, { connectionName: name });
  const running = await listen(createApp({ db, redis, logger, config }), config.HOST, config.PORT);
  onShutdown(
    [
      { name: 'http', close: running.close },
      { name: 'db', close: () => db.destroy() },
      { name: 'redis', close: () => redis.quit() },
    ],
    logger,
    config.SHUTDOWN_TIMEOUT_MS,
  );
  logger.info({ url: running.url }, `${name} listening`);
}

/** Reports a boot failure (a ConfigError names each variable) and exits non-zero. */
export function exitOnBootFailure(err: unknown): never {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
