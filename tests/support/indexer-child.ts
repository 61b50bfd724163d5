// An indexer worker in a process of its own, for tests that kill it mid-run (SIGKILL or SIGTERM). It swaps aliases
// only after HOLD_BEFORE_SWAP_MS, so a test can kill it between the new index's snapshot and the swap. On SIGTERM it
// shuts down as indexer/main.ts does: the worker waits for its run, and past SHUTDOWN_TIMEOUT_MS the exit is forced.
import path from 'node:path';
import { createDb } from '../../shared/db/knex';
import { createLogger } from '../../shared/logger';
import { createRedis } from '../../shared/redis';
import { EmbeddedSearchEngine } from '../../shared/search/embedded/lifecycle/embedded-engine';
import { PgAliasStore } from '../../shared/search/embedded/lifecycle/pg-alias-store';
import { SnapshotStore } from '../../shared/search/embedded/snapshot/snapshot-store';
import { createWorker } from '../../indexer/worker';
import { onShutdown } from '../../shared/shutdown';

const env = (name: string) => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};

const db = createDb(env('DATABASE_URL'), { pool: { min: 0, max: 4 } });
const redis = createRedis(env('REDIS_URL'));
const engine = new EmbeddedSearchEngine({
  aliasStore: new PgAliasStore(db),
  snapshots: new SnapshotStore(path.join(env('DATA_DIR'), 'search')),
});
const hold = Number(env('HOLD_BEFORE_SWAP_MS'));
const swapAlias = engine.swapAlias.bind(engine);
engine.swapAlias = async (alias, index) => {
  process.stdout.write(`holding ${index}\n`);
  await new Promise((r) => setTimeout(r, hold));
  return swapAlias(alias, index);
};
const logger = createLogger({ name: 'indexer-child', level: 'silent' });
const worker = createWorker({
  db,
  engine,
  logger,
  gateFraction: 0.5,
  connection: redis,
  prefix: env('QUEUE_PREFIX'),
  syncEngine: async () => void (await engine.syncAliases()),
  lockDuration: 2000,
  stalledInterval: 1000,
});
onShutdown(
  [
    { name: 'worker', close: () => worker.close() },
    { name: 'engine', close: () => engine.close() },
    { name: 'db', close: () => db.destroy() },
    { name: 'redis', close: () => redis.quit() },
  ],
  logger,
  Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000),
);
void worker.waitUntilReady().then(() => process.stdout.write('ready\n'));
