import type { Db } from '../../db/knex';
import { escapeLike } from '../../db/like';
import { planSlugs, slugKey, type SlugState, type SlugWant } from './plan-slugs';
import { slugify } from './slugify';

export type SlugEntity = 'product' | 'collection' | 'brand';

// Advisory-lock namespace: minting for one site is serialised, so two runs never mint the same slug twice.
const LOCK_NAMESPACE = 0x51a6;

/** One entity's display text in one language; the slug is derived from it. */
export interface SlugRequest {
  entityId: string;
  language: string;
  text: string;
}

type OwnerRow = { language: string; entity_id: string; entity_type: string; slug: string };

type Scope = { tenantId: number; siteId: number; entityType: SlugEntity };

async function loadState(trx: Db, scope: Scope, wants: readonly SlugWant[]): Promise<SlugState> {
  const entityIds = [...new Set(wants.map((w) => w.entityId))];
  const bases = [...new Set(wants.map((w) => w.base))];
  const current: { language: string; entity_id: string; slug: string; base: string }[] = await trx('storefront_slugs')
    .where({ tenant_id: scope.tenantId, site_id: scope.siteId, entity_type: scope.entityType, current: true })
    .whereIn('entity_id', entityIds)
    .select('language', 'entity_id', 'slug', 'base');
  const languages = [...new Set(wants.map((w) => w.language))];
  const owners = trx('storefront_slugs').where({ tenant_id: scope.tenantId, site_id: scope.siteId }).whereIn('language', languages);
  const owned: OwnerRow[] = await owners.clone().whereIn('slug', bases).select('language', 'entity_id', 'entity_type', 'slug');
  // Only a base someone else holds needs its suffixed forms (base-2, ...): one index range scan each.
  const taken = new Set(owned.map((r) => r.slug));
  for (const base of bases.filter((b) => taken.has(b))) {
    owned.push(...(await owners.clone().where('slug', 'like', `${escapeLike(base)}-%`).select('language', 'entity_id', 'entity_type', 'slug')));
  }
  return {
    current: new Map(current.map((r) => [slugKey(r.language, r.entity_id), { slug: r.slug, base: r.base }])),
    // Slugs of another entity type are owned by a name no entity of this type can have.
    owners: new Map(owned.map((r) => [slugKey(r.language, r.slug), r.entity_type === scope.entityType ? r.entity_id : `${r.entity_type}:${r.entity_id}`])),
  };
}



function groupBy<T>(items: readonly T[], key: (item: T) => string, value: (item: T) => string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), value(item)]);
  return groups;
}

/**
 * The current slug of each requested (entity, language) on the site, minting or reactivating where the text
 * changed (see planSlugs). Returns `${language}\u0000${entityId}` -> slug.
 */
export async function mintSlugs(db: Db, scope: Scope, requests: readonly SlugRequest[]): Promise<Map<string, string>> {
  if (requests.length === 0) return new Map();
  const wants = requests.map((r) => ({ entityId: r.entityId, language: r.language, base: slugify(r.text) }));
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?, ?)', [LOCK_NAMESPACE, scope.siteId]);
    const { slugs, changes } = planSlugs(wants, await loadState(trx, scope, wants));
    const base = { tenant_id: scope.tenantId, site_id: scope.siteId, entity_type: scope.entityType };
    // Entities whose slug changes lose their current one first (one statement per language), then gain the new one.
    for (const [language, entityIds] of groupBy(changes, (c) => c.language, (c) => c.entityId)) {
      await trx('storefront_slugs').where({ ...base, language, current: true }).whereIn('entity_id', entityIds).update({ current: false });
    }
    const minted = changes.filter((c) => c.kind === 'mint').map((c) => ({ ...base, entity_id: c.entityId, language: c.language, slug: c.slug, base: c.base, current: true }));
    if (minted.length > 0) await trx.batchInsert('storefront_slugs', minted, 1000);
    for (const change of changes.filter((c) => c.kind === 'reactivate')) {
      await trx('storefront_slugs').where({ ...base, language: change.language, slug: change.slug }).update({ current: true, base: change.base });
    }
    return slugs;
  });
}

/** The entity a slug names on the site, and whether it is the entity's current slug; null when unknown. */
export async function resolveSlug(
  db: Db,
  scope: Scope,
  language: string,
  slug: string,
): Promise<{ entityId: string; current: boolean; currentSlug: string | null } | null> {
  const row = await db('storefront_slugs')
    .where({ tenant_id: scope.tenantId, site_id: scope.siteId, entity_type: scope.entityType, language, slug })
    .first<{ entity_id: string; current: boolean } | undefined>('entity_id', 'current');
  if (row === undefined) return null;
  if (row.current) return { entityId: row.entity_id, current: true, currentSlug: slug };
  const now = await db('storefront_slugs')
    .where({ tenant_id: scope.tenantId, site_id: scope.siteId, entity_type: scope.entityType, language, entity_id: row.entity_id, current: true })
    .first<{ slug: string } | undefined>('slug');
  return { entityId: row.entity_id, current: false, currentSlug: now?.slug ?? null };
}
