import type { Queue } from 'bullmq';
import type { Knex } from '../../../shared/db/knex';
import type { Logger } from '../../../shared/logger';
import type { Redis } from '../../../shared/redis';
import type { SearchEngine } from '../../../shared/search';
import type { AuthContext } from '../auth/auth-context';
import { defaultInstance } from './instances';

/** What the storefront configuration tools run on: the same stores, queue and engine the CLI uses. */
export type StorefrontToolDeps = {
  db: Knex;
  redis: Redis;
  logger: Logger;
  /** The indexer's queue (runs requested by publish, reindex and preview). */
  queue: Queue;
  /** How often a published site's delta run repeats. */
  deltaEveryMs: number;
  /** The search engine, built on first use (only confirming a gated run needs it). */
  engine: () => Promise<SearchEngine>;
  /** The token issuer: with the subject, the key of the per-user default instance. */
  issuer: string;
};

/** The instance the configuration tools act on for this caller. */
export const instanceOf = (deps: Pick<StorefrontToolDeps, 'db' | 'issuer'>, auth: AuthContext): Promise<number> =>
  defaultInstance(deps.db, { issuer: deps.issuer, subject: auth.userId }, auth);
