import { availableParallelism } from 'node:os';
import { bin, runChild } from './run-child';
import { runMain } from './run-main';
import { projectRoot } from './services/paths';
import { ensureServices, stopServices } from './services/provision';
import { decisionFor, ELASTICSEARCH_DECISION_ENV } from '../tests/support/elasticsearch';

// `npm test`: lint, provision PostgreSQL, Redis and Elasticsearch (or use DATABASE_URL / REDIS_URL / ELASTICSEARCH_URL),
// type-check, then run every jest project. Extra arguments go to jest. Instances this run started are stopped at
// the end. An Elasticsearch node that cannot run here (no Maven, JDK or registry) skips its suites with the reason.
async function main(jestArgs: string[]): Promise<number> {
  process.chdir(projectRoot);
  if (!jestArgs.length) {
    // The cheapest check first: a lint or format finding fails the run before anything is provisioned.
    console.log('Linting and checking the format (biome ci; npm run lint:fix formats and applies the safe fixes)...');
    const lint = await runChild(bin('biome'), ['ci', '.'], process.env);
    if (lint !== 0) return lint;
  }
  const services = await ensureServices(process.env, { elasticsearch: 'optional' });
  const search = decisionFor(services.elasticsearch ?? { skipped: 'not provisioned' });
  if (search.kind === 'skip') console.warn(`Elasticsearch suites will be skipped: ${search.reason}`);
  const env = {
    ...process.env,
    DATABASE_URL: services.databaseUrl,
    REDIS_URL: services.redisUrl,
    [ELASTICSEARCH_DECISION_ENV]: JSON.stringify(search),
    NODE_ENV: 'test',
  };
  const stop = () => stopServices(services.started);
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    return jestArgs.length ? await runChild(bin('jest'), jestArgs, env) : await wholeSuite(env);
  } finally {
    await stop();
  }
}

/**
 * Test files are isolated (a database, a Redis prefix and index names of their own) and mostly wait on stores, servers
 * and browsers, so two run at once even on two cores; the files that measure the machine's pace run after, alone.
 */
const WORKERS = Math.min(4, Math.max(2, availableParallelism()));

/** The type-check, then every jest project: first the shared phase, then the files that must run alone (jest.config.js). */
async function wholeSuite(env: NodeJS.ProcessEnv): Promise<number> {
  console.log(
    "Type-checking (tsc --noEmit; the demo shop's and the admin console's browser modules by their JSDoc types)...",
  );
  for (const project of ['tsconfig.json', 'services/demo-shop/tsconfig.json', 'services/admin-console/tsconfig.json']) {
    const typecheck = await runChild(bin('tsc'), ['--noEmit', '-p', project], env);
    if (typecheck !== 0) return typecheck;
  }
  const shared = await runChild(bin('jest'), [`--maxWorkers=${WORKERS}`], { ...env, AISLE_TEST_PHASE: 'shared' });
  const alone = await runChild(bin('jest'), ['--selectProjects', 'integration', '--runInBand'], {
    ...env,
    AISLE_TEST_PHASE: 'alone',
  });
  return shared !== 0 ? shared : alone;
}

runMain(() => main(process.argv.slice(2)));
