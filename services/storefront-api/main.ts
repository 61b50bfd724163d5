import { createDb } from '../../shared/db/knex';
import { createRedis, reportRedisErrors } from '../../shared/redis';
import { createMetricsRegistry } from '../../shared/metrics/registry';
import { exitOnBootFailure, runHttpServiceWith } from '../../shared/http/run-http-service';
import { createProcessEngine } from '../../shared/search/process-engine';
import { elasticsearchConnection } from '../../shared/search/search-config';
import { ALIAS_CHANNEL } from '../../shared/search/embedded/lifecycle/alias-sync';
import { ConfigRegistry } from '../../shared/storefront-config/config-registry';
import { watchChannel } from '../../shared/watch-channel';
import { mediaReader } from '../../shared/media/site-media';
import { createApp } from './app';
import { clientErrorProblem } from './http/problem';
import { analyticsOptions, storefrontConfigSchema } from './config';
import { SearchAnalytics } from '../../shared/search-analytics/search-analytics';
import { LIMITER_REDIS_OPTIONS } from './rate-limit/rate-limits';

runHttpServiceWith('storefront-api', storefrontConfigSchema, async ({ db, redis, logger, config }) => {
  // Published configs are held in the process and follow each publish (pub/sub, polling as the fallback).
  const registry = new ConfigRegistry(db);
  const configSubscriber = reportRedisErrors(
    redis.duplicate({ connectionName: 'storefront-api-config' }),
    logger,
    'storefront-api-config',
  );
  await registry.start({ subscriber: configSubscriber, logger });
  const { engine, sync } = createProcessEngine({
    db,
    redis,
    dataDir: config.DATA_DIR,
    elasticsearch: elasticsearchConnection(config),
    logger,
  });
  const aliasSubscriber = reportRedisErrors(
    redis.duplicate({ connectionName: 'storefront-api-aliases' }),
    logger,
    'storefront-api-aliases',
  );
  await sync();
  const aliases = await watchChannel({
    subscriber: aliasSubscriber,
    channel: ALIAS_CHANNEL,
    sync,
    logger,
    pollMs: 30_000,
  });
  const limiterRedis = reportRedisErrors(
    createRedis(config.REDIS_URL, LIMITER_REDIS_OPTIONS),
    logger,
    'storefront-api-limits',
  );
  // Every cart answer reads its cart and most write it: auto-pipelined, the commands of one tick share one write
  // (a write to a socket costs more than a small command's bytes).
  const cartRedis = reportRedisErrors(
    redis.duplicate({ connectionName: 'storefront-api-carts', enableAutoPipelining: true }),
    logger,
    'storefront-api-carts',
  );
  // Product pages and cart lines that are not held read by named statements, planned once per session here.
  const lookups = createDb(config.DATABASE_URL, { pool: { min: 0, max: 6 }, logger, genericPlans: true });
  const metrics = createMetricsRegistry('storefront-api', { nodeMetrics: true });
  const analytics =
    config.ANALYTICS_RECORDING === 'on' ? new SearchAnalytics({ db, logger, metrics }, analyticsOptions(config)) : null;
  analytics?.start();
  return {
    app: createApp({
      db,
      lookups,
      redis,
      limiterRedis,
      cartRedis,
      logger,
      registry,
      engine,
      media: mediaReader(config.DATA_DIR),
      metrics,
      ...(analytics && { recordSearch: analytics.record }),
      config,
    }),
    closeFirst: [
      { name: 'analytics', close: async () => analytics?.close() },
      {
        name: 'config',
        close: async () => {
          await registry.stop();
          configSubscriber.disconnect();
        },
      },
      {
        name: 'aliases',
        close: async () => {
          await aliases.stop();
          aliasSubscriber.disconnect();
        },
      },
      { name: 'limits', close: async () => limiterRedis.disconnect() },
      { name: 'carts', close: async () => cartRedis.disconnect() },
      { name: 'engine', close: () => engine.close() },
    ],
    closeLast: [{ name: 'lookups', close: () => lookups.destroy() }],
    clientErrors: clientErrorProblem(config.ERRORS_DOC_URL),
  };
}).catch(exitOnBootFailure);
