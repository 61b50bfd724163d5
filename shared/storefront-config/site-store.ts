import type { Db } from '../db/knex';
import { ConfigNotFoundError } from './errors';
import { siteConfigSchema, type SiteConfig } from './schemas';
import type { TenantConfigFacts } from './validate-config';

/** A site as its tenant sees it: the draft, and the published version number (null before the first publish). */
export interface SiteRecord {
  id: number;
  tenantId: number;
  draft: SiteConfig;
  publishedVersion: number | null;
  updatedAt: Date;
}

/** One immutable published configuration. */
export interface PublishedConfig {
  tenantId: number;
  siteId: number;
  version: number;
  config: SiteConfig;
  note: string;
  publishedAt: Date;
}

type SiteRow = { id: number; tenant_id: number; draft: unknown; published_version: number | null; updated_at: Date };
type VersionRow = {
  tenant_id: number;
  site_id: number;
  version: number;
  config: unknown;
  note: string;
  published_at: Date;
};

const toSite = (row: SiteRow): SiteRecord => ({
  id: row.id,
  tenantId: row.tenant_id,
  draft: siteConfigSchema.parse(row.draft),
  publishedVersion: row.published_version,
  updatedAt: row.updated_at,
});

const toPublished = (row: VersionRow): PublishedConfig => ({
  tenantId: row.tenant_id,
  siteId: row.site_id,
  version: row.version,
  config: siteConfigSchema.parse(row.config),
  note: row.note,
  publishedAt: row.published_at,
});

const SITE_COLUMNS = ['id', 'tenant_id', 'draft', 'published_version', 'updated_at'];

/** The tenant's site (not removed); with `lock`, the row is locked for the rest of the transaction. */
export async function getSite(
  db: Db,
  tenantId: number,
  siteId: number,
  options: { lock?: boolean } = {},
): Promise<SiteRecord> {
  const query = db('storefront_sites')
    .where({ tenant_id: tenantId, id: siteId })
    .whereNull('removed_at')
    .first<SiteRow | undefined>(SITE_COLUMNS);
  const row = await (options.lock ? query.forUpdate() : query);
  if (row === undefined) throw new ConfigNotFoundError(`site ${siteId}`);
  return toSite(row);
}

export async function listSites(db: Db, tenantId: number): Promise<SiteRecord[]> {
  const rows: SiteRow[] = await db('storefront_sites')
    .where({ tenant_id: tenantId })
    .whereNull('removed_at')
    .orderBy('id')
    .select(SITE_COLUMNS);
  return rows.map(toSite);
}

/** The tenant's site whose draft has this code, or null. */
export async function findSiteByCode(db: Db, tenantId: number, code: string): Promise<SiteRecord | null> {
  const row = await db('storefront_sites')
    .where({ tenant_id: tenantId })
    .whereNull('removed_at')
    .whereRaw(`draft->'site'->>'code' = ?`, [code])
    .first<SiteRow | undefined>(SITE_COLUMNS);
  return row === undefined ? null : toSite(row);
}

export async function insertSite(db: Db, tenantId: number, draft: SiteConfig): Promise<number> {
  const [row] = await db('storefront_sites')
    .insert({ tenant_id: tenantId, draft: JSON.stringify(draft) })
    .returning<{ id: number }[]>('id');
  if (row === undefined) throw new Error('site insert returned no row');
  return row.id;
}

export async function writeDraft(db: Db, tenantId: number, siteId: number, draft: SiteConfig): Promise<void> {
  await db('storefront_sites')
    .where({ tenant_id: tenantId, id: siteId })
    .update({ draft: JSON.stringify(draft), updated_at: db.fn.now() });
}

/** A published version of the site; the newest when `version` is omitted; null before the first publish. */
export async function getPublished(
  db: Db,
  tenantId: number,
  siteId: number,
  version?: number,
): Promise<PublishedConfig | null> {
  const query = db('storefront_config_versions').where({ tenant_id: tenantId, site_id: siteId });
  const row = await (version === undefined ? query.orderBy('version', 'desc') : query.where({ version })).first<
    VersionRow | undefined
  >();
  return row === undefined ? null : toPublished(row);
}

/** One entry of a site's version history: the number, the publisher's note and when (not the config). */
export type VersionSummary = Pick<PublishedConfig, 'version' | 'note' | 'publishedAt'>;

/** The site's published versions, newest first (at most `limit`). */
export async function listVersions(db: Db, tenantId: number, siteId: number, limit: number): Promise<VersionSummary[]> {
  const rows: Pick<VersionRow, 'version' | 'note' | 'published_at'>[] = await db('storefront_config_versions')
    .where({ tenant_id: tenantId, site_id: siteId })
    .orderBy('version', 'desc')
    .limit(limit)
    .select('version', 'note', 'published_at');
  return rows.map((r) => ({ version: r.version, note: r.note, publishedAt: r.published_at }));
}

export async function insertVersion(db: Db, published: Omit<PublishedConfig, 'publishedAt'>): Promise<void> {
  await db('storefront_config_versions').insert({
    tenant_id: published.tenantId,
    site_id: published.siteId,
    version: published.version,
    config: JSON.stringify(published.config),
    note: published.note,
  });
  await db('storefront_sites')
    .where({ tenant_id: published.tenantId, id: published.siteId })
    .update({ published_version: published.version });
}

/** The newest published version of every live site of every tenant (what serving processes hold). */
export async function allPublished(db: Db): Promise<PublishedConfig[]> {
  const rows: VersionRow[] = await db('storefront_config_versions as v')
    .join('storefront_sites as s', (j) => j.on('s.id', 'v.site_id').andOn('s.published_version', 'v.version'))
    .whereNull('s.removed_at')
    .select('v.tenant_id', 'v.site_id', 'v.version', 'v.config', 'v.note', 'v.published_at');
  return rows.map(toPublished);
}

/** Site id -> published version, for every live published site: the cheap poll behind config pickup. */
export async function publishedVersions(db: Db): Promise<Map<number, number>> {
  const rows: { id: number; published_version: number }[] = await db('storefront_sites')
    .whereNull('removed_at')
    .whereNotNull('published_version')
    .select('id', 'published_version');
  return new Map(rows.map((r) => [r.id, r.published_version]));
}

/** The tenant facts that validation checks references against. */
export async function loadConfigFacts(db: Db, tenantId: number, siteId: number | null): Promise<TenantConfigFacts> {
  // One after another: `db` may be a transaction, which runs one statement at a time.
  const lists = await db('price_lists')
    .where({ tenant_id: tenantId })
    .select<{ id: number; currency_code: string }[]>('id', 'currency_code');
  const categories = await db('categories').where({ tenant_id: tenantId }).pluck<number[]>('id');
  const codes = await db('storefront_sites')
    .where({ tenant_id: tenantId })
    .whereNull('removed_at')
    .modify((q) => (siteId === null ? q : q.whereNot({ id: siteId })))
    .select<{ code: string }[]>(db.raw(`draft->'site'->>'code' as code`));
  return {
    priceLists: new Map(lists.map((l) => [l.id, l.currency_code])),
    categoryIds: new Set(categories),
    otherSiteCodes: new Set(codes.map((c) => c.code)),
  };
}

/** Marks the site removed: its keys stop working, its runs are cancelled; its rows stay for the record. */
export async function removeSite(db: Db, tenantId: number, siteId: number): Promise<void> {
  const removed = await db('storefront_sites')
    .where({ tenant_id: tenantId, id: siteId })
    .whereNull('removed_at')
    .update({ removed_at: db.fn.now() });
  if (removed === 0) throw new ConfigNotFoundError(`site ${siteId}`);
}
