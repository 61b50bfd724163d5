import type { Knex } from '../../../shared/db/knex';
import type { SiteConfig } from '../../../shared/storefront-config/schemas';
import { siteSlugs } from '../../../shared/storefront-config/slugs/slug-store';
import { loadTenantFacts } from '../../../indexer/documents/site-config';
import { SiteCatalogue } from './site-catalogue';

const MAX_ENTRIES = 1000;

const keyOf = (siteId: number, version: number | null, stamp: string) => `${siteId}:${version ?? 'draft'}:${stamp}`;

/**
 * One SiteCatalogue per (site, config version), built on first use (with its collections' minted slugs); a preview's
 * per draft save.
 */
export class CatalogueCache {
  private readonly entries = new Map<string, Promise<SiteCatalogue>>();
  /** Catalogues built, for readers that cannot wait (the fast lane of cached reads). */
  private readonly built = new Map<string, SiteCatalogue>();

  constructor(private readonly db: Knex) {}

  get(
    tenantId: number,
    siteId: number,
    config: SiteConfig,
    version: number | null,
    stamp: string,
  ): Promise<SiteCatalogue> {
    const key = keyOf(siteId, version, stamp);
    let entry = this.entries.get(key);
    if (entry === undefined) {
      if (this.entries.size >= MAX_ENTRIES) {
        this.entries.clear();
        this.built.clear();
      }
      // The collections' minted slugs (and their history) are read once per version, with the tenant's facts.
      const building = Promise.all([
        loadTenantFacts(this.db, tenantId),
        siteSlugs(this.db, { tenantId, siteId, entityType: 'collection' }),
      ]).then(([facts, slugs]) => new SiteCatalogue(config, facts, version, slugs));
      building.then(
        (catalogue) => this.entries.get(key) === building && this.built.set(key, catalogue),
        () => this.entries.delete(key),
      );
      this.entries.set(key, building);
      entry = building;
    }
    return entry;
  }

  /** The published catalogue of `version` when it has been built (get), else undefined. */
  published(siteId: number, version: number): SiteCatalogue | undefined {
    return this.built.get(keyOf(siteId, version, ''));
  }
}
