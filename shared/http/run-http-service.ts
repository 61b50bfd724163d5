import type { RequestListener } from 'node:http';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { httpConfigSchema, loadConfig, type HttpConfig } from '../config';
import { createDb } from '../db/knex';
import { errorMessage } from '../errors';
import { createLogger, type Logger } from '../logger';
import { createRedis, reportRedisErrors, type Redis } from '../redis';
import { onShutdown, type Closer } from '../shutdown';
import type { ClientErrorRenderer } from './client-error';
import { listen } from './listen';

export type HttpServiceDeps<C extends HttpConfig = HttpConfig> = { db: Knex; redis: Redis; logger: Logger; config: C };

/**
 * An app with work beyond its requests (a queue worker): `closeFirst` runs on shutdown before the server stops.
 * `clientErrors`, when the format depends on the config, takes the place of the option of the same name.
 */
export type ServedApp = {
  app: RequestListener;
  closeFirst: Closer[];
  /** Closed once the server has stopped (what requests in flight still use), before the shared pool and Redis. */
  closeLast?: Closer[];
  clientErrors?: ClientErrorRenderer;
};

/**
 * The shared `main` of an HTTP process: parse config, build clients, serve the app,
 * and on SIGINT/SIGTERM stop accepting, finish in-flight requests and close the clients.
 */
export function runHttpService(name: string, createApp: (deps: HttpServiceDeps) => RequestListener): Promise<void> {
  return runHttpServiceWith(name, httpConfigSchema, createApp);
}

/**
 * runHttpService for a process with variables of its own (`schema` extends httpConfigSchema) or more to
 * build before serving (signing keys, token verifiers, a worker): `createApp` may be async.
 */
export async function runHttpServiceWith<C extends HttpConfig>(
  name: string,
  schema: z.ZodType<C>,
  createApp: (deps: HttpServiceDeps<C>) => RequestListener | ServedApp | Promise<RequestListener | ServedApp>,
  options: { pool?: { min: number; max: number }; clientErrors?: ClientErrorRenderer } = {},
): Promise<void> {
  const config = loadConfig(schema);
  const logger = createLogger({ name, level: config.LOG_LEVEL });
  const db = createDb(config.DATABASE_URL, { pool: options.pool, logger });
  const redis = reportRedisErrors(createRedis(config.REDIS_URL, { connectionName: name }), logger, name);
  const built = await createApp({ db, redis, logger, config });
  const served: ServedApp = typeof built === 'function' ? { app: built, closeFirst: [] } : built;
  const { app, closeFirst } = served;
  const running = await listen(app, config.HOST, config.PORT, served.clientErrors ?? options.clientErrors);
  onShutdown(
    [
      ...closeFirst,
      { name: 'http', close: running.close },
      ...(served.closeLast ?? []),
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
  process.stderr.write(`${errorMessage(err)}\n`);
  process.exit(1);
}
