import type { Knex } from '../../shared/db/knex';
import type { Logger } from '../../shared/logger';
import type { SearchEngine } from '../../shared/search';
import type { MediaPipeline } from '../../shared/media/pipeline';
import type { RunMetrics } from './run-metrics';
import type { SiteConfig } from '../../shared/storefront-config/schemas';
import { getPublished, getSite } from '../../shared/storefront-config/site-store';
import { siteIndexConfig } from '../documents/from-site-config';
import { loadTenantFacts, type SiteIndexConfig } from '../documents/site-config';
import { siteIndexNames, type SiteIndexNames } from './index-names';

/** What every run needs besides its site. */
export interface RunDeps {
  db: Knex;
  engine: SearchEngine;
  logger: Logger;
  /** A full run whose count falls below this share of the live count is gated (default 0.5). */
  gateFraction: number;
  /** Products per catalogue batch. */
  batchSize?: number;
  /** Makes renditions and descriptors; without it cards carry no image. */
  media?: MediaPipeline;
  /** Documents done out of the total, as a run goes. */
  onProgress?: (done: number, total: number) => Promise<void>;
  /** Counts and times each run by its outcome (the indexer process's /metrics). */
  metrics?: RunMetrics;
  /** Queues a full run of the site (a delta whose documents the live index cannot take); the worker wires it. */
  requestFullRun?: (siteId: number) => Promise<void>;
}

/** One site as a run sees it: the config it indexes (published, or the draft for a preview) and its names. */
export interface RunSite {
  tenantId: number;
  siteId: number;
  config: SiteConfig;
  /** The published version indexed, or null for a preview of the draft. */
  configVersion: number | null;
  index: SiteIndexConfig;
  names: SiteIndexNames;
}

/** The site with the config a run of this kind indexes; null when the site is gone or has nothing to index. */
export async function loadRunSite(db: Knex, siteId: number, source: 'published' | 'draft'): Promise<RunSite | null> {
  const row = await db('storefront_sites')
    .where({ id: siteId })
    .whereNull('removed_at')
    .first<{ tenant_id: number } | undefined>('tenant_id');
  if (row === undefined) return null;
  const tenantId = row.tenant_id;
  const site = await getSite(db, tenantId, siteId);
  const published = source === 'published' ? await getPublished(db, tenantId, siteId) : null;
  const config = source === 'draft' ? site.draft : published?.config;
  if (config === undefined || config.markets.length === 0) return null;
  return {
    tenantId,
    siteId,
    config,
    configVersion: published?.version ?? null,
    index: siteIndexConfig(config, await loadTenantFacts(db, tenantId)),
    names: siteIndexNames(siteId, config.site.code),
  };
}
