import { runMain } from '../run-main';
import { ensureServices, servicesStatus, stopServices } from './provision';

// `npm run services:start|stop|status`: the private PostgreSQL, Redis and (`start --elasticsearch`, or
// SEARCH_ENGINE=elasticsearch) Elasticsearch used by `npm start` and `npm test`.
async function main(command: string | undefined, flags: string[]) {
  if (command === 'status') {
    const running = await servicesStatus();
    const line = (name: keyof typeof running) => `${name}: ${running[name] ?? 'not running'}`;
    console.log([line('postgres'), line('redis'), line('elasticsearch')].join('\n'));
    return;
  }
  if (command === 'start') {
    const withSearch = flags.includes('--elasticsearch') || process.env.SEARCH_ENGINE === 'elasticsearch';
    const services = await ensureServices(process.env, withSearch ? { elasticsearch: 'required' } : {});
    const search =
      services.elasticsearch && 'url' in services.elasticsearch
        ? `\nELASTICSEARCH_URL=${services.elasticsearch.url}`
        : '';
    console.log(`DATABASE_URL=${services.databaseUrl}\nREDIS_URL=${services.redisUrl}${search}`);
    return;
  }
  if (command === 'stop') {
    const stopped = await stopServices();
    const line = (name: keyof typeof stopped) => `${name}: ${stopped[name] ? 'stopped' : 'not running'}`;
    console.log([line('postgres'), line('redis'), line('elasticsearch')].join('\n'));
    return;
  }
  throw new Error('usage: services:start [--elasticsearch] | services:stop | services:status');
}

runMain(() => main(process.argv[2], process.argv.slice(3)));
