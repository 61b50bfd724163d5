import path from 'node:path';
import type { Knex } from '../db/knex';
import type { Logger } from '../logger';
import type { Redis } from '../redis';
import { createSearchEngine } from './create-engine';
import { EmbeddedSearchEngine } from './embedded/lifecycle/embedded-engine';
import { publishAliasChange } from './embedded/lifecycle/alias-sync';
import { PgAliasStore } from './embedded/lifecycle/pg-alias-store';
import { SnapshotStore } from './embedded/snapshot/snapshot-store';
import type { SearchEngine } from './engine';
import type { ElasticsearchConnection } from './search-config';

/** A process's search engine, and how to bring its view of aliases up to date (a no-op for Elasticsearch). */
export interface ProcessEngine {
  engine: SearchEngine;
  sync: () => Promise<void>;
}

/**
 * Elasticsearch when a connection is configured (search-config.ts); else the embedded engine with its aliases in PostgreSQL and snapshots
 * under `<dataDir>/search`, alias moves and refreshes announced on Redis.
 */
export function createProcessEngine(deps: {
  db: Knex;
  redis: Redis;
  dataDir: string;
  elasticsearch?: ElasticsearchConnection | undefined;
  logger: Logger;
}): ProcessEngine {
  let embedded: EmbeddedSearchEngine | null = null;
  const engine = createSearchEngine({
    elasticsearch: deps.elasticsearch,
    embedded: () => {
      // Alias moves and refreshes (a delta under the same alias) are both announced, so serving processes reload.
      const announce = publishAliasChange(deps.redis);
      embedded = new EmbeddedSearchEngine({
        aliasStore: new PgAliasStore(deps.db, announce),
        snapshots: new SnapshotStore(path.resolve(deps.dataDir, 'search')),
        onRefresh: announce,
      });
      return embedded;
    },
  });
  const sync = async () => {
    for (const { alias, index, error } of (await embedded?.syncAliases()) ?? [])
      deps.logger.error({ err: error, alias, index }, 'alias not loaded');
  };
  return { engine, sync };
}
