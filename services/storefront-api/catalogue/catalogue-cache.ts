import type { Knex } from '../../../shared/db/knex';
import type { SiteConfig } from '../../../shared/storefront-config/schemas';
import { loadTenantFacts } from '../../../indexer/documents/site-config';
import { SiteCatalogue } from './site-catalogue';

const MAX_ENTRIES = 1000;

/** One SiteCatalogue per (site, config version), built on first use; a preview's per draft save. */
export class CatalogueCache {
  private readonly entries = new Map<string, Promise<SiteCatalogue>>();

  constructor(private readonly db: Knex) {}

  get(tenantId: number, siteId: number, config: SiteConfig, version: number | null, stamp: string): Promise<SiteCatalogue> {
    const key = `${siteId}:${version ?? 'draft'}:${stamp}`;
    let entry = this.entries.get(key);
    if (entry === undefined) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      entry = loadTenantFacts(this.db, tenantId).then((facts) => new SiteCatalogue(config, facts, version));
      entry.catch(() => this.entries.delete(key));
      this.entries.set(key, entry);
    }
    return entry;
  }
}
