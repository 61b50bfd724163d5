import { bin, runChild } from './run-child';
import { runMain } from './run-main';
import { projectRoot } from './services/paths';
import { ensureServices, stopServices } from './services/provision';
import { decisionFor, ELASTICSEARCH_DECISION_ENV } from '../tests/support/elasticsearch';

// `npm test`: provision PostgreSQL, Redis and Elasticsearch (or use DATABASE_URL / REDIS_URL / ELASTICSEARCH_URL),
// type-check, then run every jest project. Extra arguments go to jest. Instances this run started are stopped at
// the end. An Elasticsearch node that cannot run here (no Maven, JDK or registry) skips its suites with the reason.
async function main(jestArgs: string[]): Promise<number> {
  process.chdir(projectRoot);
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
    if (!jestArgs.length) {
      console.log('Type-checking (tsc --noEmit; the demo shop\'s and the admin console\'s browser modules by their JSDoc types)...');
      for (const project of ['tsconfig.json', 'services/demo-shop/tsconfig.json', 'services/admin-console/tsconfig.json']) {
        const typecheck = await runChild(bin('tsc'), ['--noEmit', '-p', project], env);
        if (typecheck !== 0) return typecheck;
      }
    }
    return await runChild(bin('jest'), jestArgs, env);
  } finally {
    await stop();
  }
}

runMain(() => main(process.argv.slice(2)));
