import { bin, runChild } from './run-child';
import { runMain } from './run-main';
import { projectRoot } from './services/paths';
import { ensureServices, stopServices } from './services/provision';

// `npm test`: provision PostgreSQL and Redis (or use DATABASE_URL / REDIS_URL), type-check, then run every
// jest project. Extra arguments go to jest. Instances this run started are stopped at the end.
async function main(jestArgs: string[]): Promise<number> {
  process.chdir(projectRoot);
  const services = await ensureServices();
  const env = { ...process.env, DATABASE_URL: services.databaseUrl, REDIS_URL: services.redisUrl, NODE_ENV: 'test' };
  const stop = () => stopServices(services.started);
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    if (!jestArgs.length) {
      console.log('Type-checking (tsc --noEmit; the demo shop\'s browser modules by their JSDoc types)...');
      for (const project of ['tsconfig.json', 'services/demo-shop/tsconfig.json']) {
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
