import type { Knex } from '../../../shared/db/knex';
import type { Logger } from '../../../shared/logger';
import type { Redis } from '../../../shared/redis';
import type { StorefrontServices } from '../storefront-admin/admin-deps';
import type { AuthContext } from '../auth/auth-context';
import { defaultInstance } from './instances';

/** What the storefront configuration tools run on: the same stores, queue and engine the CLI uses. */
export type StorefrontToolDeps = StorefrontServices & {
  db: Knex;
  redis: Redis;
  logger: Logger;
  /** The token issuer: with the subject, the key of the per-user default instance. */
  issuer: string;
};

/** The instance the configuration tools act on for this caller. */
export const instanceOf = (deps: Pick<StorefrontToolDeps, 'db' | 'issuer'>, auth: AuthContext): Promise<number> =>
  defaultInstance(deps.db, { issuer: deps.issuer, subject: auth.userId }, auth);
