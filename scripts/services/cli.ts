import { runMain } from '../run-main';
import { ensureServices, servicesStatus, stopServices } from './provision';

// `npm run services:start|stop|status`: the private PostgreSQL and Redis used by `npm start` and `npm test`.
async function main(command: string | undefined) {
  if (command === 'status') {
    const running = await servicesStatus();
    console.log(`postgres: ${running.postgres ?? 'not running'}\nredis: ${running.redis ?? 'not running'}`);
    return;
  }
  if (command === 'start') {
    const services = await ensureServices();
    console.log(`DATABASE_URL=${services.databaseUrl}\nREDIS_URL=${services.redisUrl}`);
    return;
  }
  if (command === 'stop') {
    const stopped = await stopServices();
    console.log(`postgres: ${stopped.postgres ? 'stopped' : 'not running'}\nredis: ${stopped.redis ? 'stopped' : 'not running'}`);
    return;
  }
  throw new Error('usage: services:start | services:stop | services:status');
}

runMain(() => main(process.argv[2]));
