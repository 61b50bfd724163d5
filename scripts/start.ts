import { prettyFactory } from 'pino-pretty';
import { createDb, migrateLatest } from '../shared/db/knex';
import { ensureServices, stopServices } from './services/provision';
import { dataDir, projectRoot } from './services/paths';
import { choosePort } from './start/ports';
import { startProcess, stopAll, waitUntilReady, type ProcessSpec, type Supervised } from './start/supervisor';

const HOST = '127.0.0.1';

// `npm start`: provision PostgreSQL and Redis, migrate, start every process, wait until each is ready and print
// the URLs. Ctrl-C stops the processes, then the instances this command started.
async function main(): Promise<void> {
  process.chdir(projectRoot);
  const services = await ensureServices();
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

  const db = createDb(services.databaseUrl, { pool: { min: 0, max: 2 } });
  try {
    await migrateLatest(db);
  } finally {
    await db.destroy();
  }

  const specs = await processSpecs({ ...process.env, DATABASE_URL: services.databaseUrl, REDIS_URL: services.redisUrl });
  const pretty = prettyFactory({ colorize: process.stdout.isTTY, ignore: 'pid,hostname,service' });
  procs = specs.map((spec) => startProcess(spec, (line) => (line.startsWith('{') ? pretty(line).trimEnd() : line)));
  for (const proc of procs) {
    void proc.exited.then((code) => {
      if (stopping) return;
      console.error(`${proc.spec.name} exited unexpectedly (code ${code}); stopping everything.`);
      void shutdown(1);
    });
  }
  try {
    await Promise.all(procs.map((proc) => waitUntilReady(proc)));
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await shutdown(1);
  }
  printSummary(specs, services);
}

async function processSpecs(env: NodeJS.ProcessEnv): Promise<ProcessSpec[]> {
  const base = { ...env, HOST, DATA_DIR: dataDir(env), LOG_LEVEL: env.LOG_LEVEL ?? 'info' };
  const defs = [
    { name: 'storefront-api', entry: 'services/storefront-api/main.ts', portVar: 'STOREFRONT_PORT', port: 3000 },
    { name: 'business-api', entry: 'services/business-api/main.ts', portVar: 'BUSINESS_PORT', port: 3001 },
    { name: 'identity', entry: 'services/identity/main.ts', portVar: 'IDENTITY_PORT', port: 3002 },
    { name: 'indexer', entry: 'indexer/main.ts', portVar: 'INDEXER_PORT', port: 3003 },
  ];
  const ports = await Promise.all(defs.map(({ portVar, port }) => choosePort(env, portVar, port)));
  // The identity provider issues tokens under its own URL and business-api must trust exactly that issuer,
  // so both learn it here (a taken default port moves it).
  const identityUrl = `http://${HOST}:${ports[defs.findIndex((d) => d.name === 'identity')]}`;
  const shared = { ...base, IDENTITY_ISSUER: env.IDENTITY_ISSUER ?? identityUrl, AUTH_ISSUER: env.AUTH_ISSUER ?? identityUrl };
  return defs.map(({ name, entry }, i) => ({
    name,
    entry,
    env: { ...shared, PORT: String(ports[i]) },
    readyUrl: `http://${HOST}:${ports[i]}/readyz`,
  }));
}

function printSummary(specs: ProcessSpec[], services: { databaseUrl: string; redisUrl: string }): void {
  const rows = specs.map((s) => `  ${s.name.padEnd(16)} ${s.readyUrl.replace(/\/readyz$/, '')}`);
  console.log(
    ['', 'Aisle is running:', ...rows, `  ${'postgres'.padEnd(16)} ${services.databaseUrl}`, `  ${'redis'.padEnd(16)} ${services.redisUrl}`, '', 'Press Ctrl-C to stop.', ''].join('\n'),
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
