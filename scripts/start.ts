import { prettyFactory } from 'pino-pretty';
import { migrateLatest, withDb } from '../shared/db/knex';
import { errorMessage } from '../shared/errors';
import { runMain } from './run-main';
import { dataDir, projectRoot } from './services/paths';
import { ensureServices, searchEnv, searchNeeds, stopServices, type Services } from './services/provision';
import { loadConfig } from '../shared/config';
import { createIndexQueue, queueConfigSchema } from '../shared/index-queue';
import { createRedis } from '../shared/redis';
import { mediaDirs } from '../shared/media/media-config';
import { afterPublish } from '../shared/storefront-config/on-published';
import { ensureDemoCredentials, ensureDemoTenant } from './start/demo';
import { ensureDemoSite } from './start/demo-site';
import type { Demo } from './start/summary';
import { consoleOrigins, processSpecs, shopOrigins } from './start/process-specs';
import { consoleClient } from '../services/admin-console/console-client';
import { saveClient } from '../services/identity/oauth/clients';
import { summary } from './start/summary';
import { startProcess, stopAll, waitUntilReady, type ProcessSpec, type Supervised } from './start/supervisor';

// `npm start`: provision PostgreSQL and Redis (and Elasticsearch with SEARCH_ENGINE=elasticsearch), migrate, seed the demo tenant, start every process, wait until each
// is ready and print the URLs and demo credentials. Ctrl-C stops the processes, then the instances it started.
async function main(): Promise<void> {
  process.chdir(projectRoot);
  const services = await ensureServices(process.env, searchNeeds());
  let procs: Supervised[] = [];
  let stopping: Promise<void> | undefined;
  const shutdown = (code: number) => {
    stopping ??= (async () => {
      console.log('\nStopping...');
      await stopAll(procs);
      await stopServices(services.started);
      console.log('Stopped.');
      process.exit(code);
    })();
    return stopping;
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    // Ports first: the demo site must allow the demo shop's actual origin before the shop's pages call the API.
    const specs = await processSpecs({
      ...process.env,
      DATABASE_URL: services.databaseUrl,
      REDIS_URL: services.redisUrl,
      ...searchEnv(services),
    });
    const demo = await prepareData(services, { shop: shopOrigins(specs), console: consoleOrigins(specs) });
    procs = startAll(
      specs,
      () => stopping !== undefined,
      () => void shutdown(1),
    );
    await Promise.all(procs.map((proc) => waitUntilReady(proc)));
    console.log(summary(specs, { ...services, elasticsearchUrl: searchEnv(services).ELASTICSEARCH_URL }, demo));
  } catch (err) {
    console.error(errorMessage(err));
    await shutdown(1);
  }
}

/** Starts the processes with pretty-printed logs; if one exits while not stopping, `onCrash` runs. */
function startAll(specs: ProcessSpec[], isStopping: () => boolean, onCrash: () => void): Supervised[] {
  const pretty = prettyFactory({ colorize: process.stdout.isTTY, ignore: 'pid,hostname,service' });
  const procs = specs.map((spec) =>
    startProcess(spec, (line) => (line.startsWith('{') ? pretty(line).trimEnd() : line)),
  );
  for (const proc of procs) {
    void proc.exited.then((code) => {
      if (isStopping()) return;
      console.error(`${proc.spec.name} exited unexpectedly (code ${code}); stopping everything.`);
      onCrash();
    });
  }
  return procs;
}

/**
 * Migrations, the demo tenant (seeded on the first start only), its app password and its storefront site and key,
 * and the admin console's OAuth client with redirect URIs on the console's current origins.
 */
async function prepareData(services: Services, origins: { shop: string[]; console: string[] }): Promise<Demo> {
  const queueConfig = loadConfig(queueConfigSchema);
  const redis = createRedis(services.redisUrl);
  const queue = createIndexQueue(redis, queueConfig.QUEUE_PREFIX);
  try {
    return await withDb(services.databaseUrl, { pool: { min: 0, max: 4 } }, async (db) => {
      await migrateLatest(db);
      await ensureDemoTenant(db, mediaDirs(dataDir()).sources);
      const credentials = await ensureDemoCredentials(db, dataDir());
      const onPublished = afterPublish({ redis, queue, deltaEveryMs: queueConfig.STOREFRONT_DELTA_EVERY_MS });
      const site = await ensureDemoSite(db, dataDir(), { shopOrigins: origins.shop, onPublished });
      await saveClient(db, consoleClient(origins.console));
      return { ...credentials, site };
    });
  } finally {
    await queue.close();
    redis.disconnect();
  }
}

runMain(main);
