// A serving process for the two-process test: follows aliases and refreshes announced on Redis (polling only
// every minute, so anything faster came by pub/sub) and answers searches sent over IPC.
import { createDb } from '../../../../shared/db/knex';
import { createLogger } from '../../../../shared/logger';
import { createRedis } from '../../../../shared/redis';
import type { SearchRequest } from '../../../../shared/search';
import { watchAliases } from '../../../../shared/search/embedded/lifecycle/alias-sync';
import { EmbeddedSearchEngine } from '../../../../shared/search/embedded/lifecycle/embedded-engine';
import { PgAliasStore } from '../../../../shared/search/embedded/lifecycle/pg-alias-store';
import { SnapshotStore } from '../../../../shared/search/embedded/snapshot/snapshot-store';

export type ServingRequest = { id: number; target: string; request: SearchRequest };
export type ServingReply =
  | { id: number; total: number; ids: string[]; names: string[] }
  | { id: number; error: string };

async function main(): Promise<void> {
  const env = (name: string): string => process.env[name] ?? '';
  const db = createDb(env('SERVING_DATABASE_URL'), { pool: { min: 0, max: 2 } });
  const subscriber = createRedis(env('REDIS_URL'));
  const engine = new EmbeddedSearchEngine({
    aliasStore: new PgAliasStore(db),
    snapshots: new SnapshotStore(env('SERVING_SNAPSHOTS')),
  });
  const logger = createLogger({ name: 'serving-process', level: 'silent' });
  const watcher = await watchAliases({ engine, subscriber, logger, channel: env('SERVING_CHANNEL'), pollMs: 60_000 });
  await watcher.sync();
  process.on('message', (message: ServingRequest) => {
    engine
      .search(message.target, message.request)
      .then((response) => {
        const names = response.hits.map((hit) => String((hit.card as { name?: unknown }).name));
        process.send?.({
          id: message.id,
          total: response.total,
          ids: response.hits.map((h) => h.id),
          names,
        } satisfies ServingReply);
      })
      .catch((error: unknown) => process.send?.({ id: message.id, error: String(error) } satisfies ServingReply));
  });
  process.on('disconnect', () => {
    void (async () => {
      try {
        await watcher.stop();
      } finally {
        subscriber.disconnect();
        await db.destroy();
        process.exit(0);
      }
    })();
  });
  process.send?.({ id: 0, total: -1, ids: [], names: [] } satisfies ServingReply);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
