import type { Knex } from '../db/knex';
import { diffConfigs, type ConfigChange } from './diff';
import { ConfigValidationError } from './errors';
import { listKeys, type SiteKey } from './keys';
import { siteConfigSchema, type SiteConfig } from './schemas';
import { getPublished, getSite, insertVersion, loadConfigFacts } from './site-store';
import { mintSlugs } from './slugs/slug-store';
import { validateSiteConfig } from './validate-config';

/** Told after a publish has committed: serving processes reload, the indexer schedules runs. */
export interface PublishedEvent {
  tenantId: number;
  siteId: number;
  version: number;
  /** True for the site's first published version. */
  first: boolean;
}

export type OnPublished = (event: PublishedEvent) => Promise<void>;

/** Mints each collection's slug per language from the slug the merchant gave (suffixed on collision). */
async function mintCollectionSlugs(
  trx: Knex.Transaction,
  tenantId: number,
  siteId: number,
  config: SiteConfig,
): Promise<void> {
  const requests = config.collections.flatMap((c) =>
    Object.entries(c.slugs).map(([language, text]) => ({ entityId: String(c.id), language, text })),
  );
  await mintSlugs(trx, { tenantId, siteId, entityType: 'collection' }, requests);
}

/**
 * Freezes the draft into the next numbered, immutable version with its note; keys created since the last
 * publish become live with it. The draft is validated again (referenced price lists or categories may be gone).
 */
export async function publishConfig(
  db: Knex,
  tenantId: number,
  siteId: number,
  note: string,
  onPublished?: OnPublished,
): Promise<PublishedEvent> {
  const event = await db.transaction(async (trx) => {
    const site = await getSite(trx, tenantId, siteId, { lock: true });
    const issues = validateSiteConfig(siteConfigSchema.parse(site.draft), await loadConfigFacts(trx, tenantId, siteId));
    if (issues.length > 0) throw new ConfigValidationError(issues);
    if (site.draft.markets.length === 0)
      throw new ConfigValidationError([
        { field: 'markets', message: 'a site needs at least one market before it can be published' },
      ]);
    const version = (site.publishedVersion ?? 0) + 1;
    await insertVersion(trx, { tenantId, siteId, version, config: site.draft, note: note.trim().slice(0, 1000) });
    await trx('storefront_keys')
      .where({ tenant_id: tenantId, site_id: siteId })
      .whereNull('published_version')
      .update({ published_version: version });
    await mintCollectionSlugs(trx, tenantId, siteId, site.draft);
    return { tenantId, siteId, version, first: site.publishedVersion === null };
  });
  await onPublished?.(event);
  return event;
}

/** What publish would change: config differences field by field, and the keys it would make live. */
export async function draftDiff(
  db: Knex,
  tenantId: number,
  siteId: number,
): Promise<{ publishedVersion: number | null; changes: ConfigChange[]; keysToPublish: SiteKey[] }> {
  const site = await getSite(db, tenantId, siteId);
  const published = await getPublished(db, tenantId, siteId);
  const keys = await listKeys(db, tenantId, siteId);
  return {
    publishedVersion: site.publishedVersion,
    changes: diffConfigs(published?.config ?? null, site.draft),
    keysToPublish: keys.filter((k) => k.publishedVersion === null && k.revokedAt === null),
  };
}
