import type { Queue } from 'bullmq';
import { AppError } from '../../../shared/errors';
import type { SearchEngine } from '../../../shared/search';
import { getSite } from '../../../shared/storefront-config/site-store';
import type { Knex } from '../../../shared/db/knex';

/** What storefront administration needs beyond the database: the indexer's queue and the search engine. */
export type StorefrontServices = {
  /** The indexer's queue (runs requested by publish, reindex and preview). */
  queue: Queue;
  /** How often a published site's delta run repeats. */
  deltaEveryMs: number;
  /** The search engine, built on first use (confirming a gated run, rollback, the search preview). */
  engine: () => Promise<SearchEngine>;
};

/** The services, or 503 when this process was built without them (an app for health checks or tests only). */
export function servicesOf(services: StorefrontServices | undefined): StorefrontServices {
  if (services === undefined)
    throw new AppError(503, 'unavailable', 'Storefront indexing is not configured on this server.');
  return services;
}

/** The site as the caller's tenant has it: 404 not_found for a site of another tenant or none. */
export async function tenantSite(
  db: Knex,
  tenantId: number,
  siteId: number,
): Promise<{ tenantId: number; siteId: number }> {
  await getSite(db, tenantId, siteId);
  return { tenantId, siteId };
}
