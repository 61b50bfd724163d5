import type { Db } from '../../db/knex';
import { cannotBeStored } from '../../db/storable-text';
import { NamedStatement } from '../../db/named-statement';
import { planSlugs, slugKey, type SlugChange, type SlugState, type SlugWant } from './plan-slugs';
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

type CurrentSlugs = SlugState['current'];

async function loadCurrent(db: Db, scope: Scope, wants: readonly SlugWant[]): Promise<CurrentSlugs> {
  const rows: { language: string; entity_id: string; slug: string; base: string }[] = await db('storefront_slugs')
    .where({ tenant_id: scope.tenantId, site_id: scope.siteId, entity_type: scope.entityType, current: true })
    .whereIn('entity_id', [...new Set(wants.map((w) => w.entityId))])
    .select('language', 'entity_id', 'slug', 'base');
  return new Map(rows.map((r) => [slugKey(r.language, r.entity_id), { slug: r.slug, base: r.base }]));
}

/** Wants whose text no longer yields their current slug's base (or that have none yet): only these mint. */
/**
 * Slugs a storefront route owns: `/v1/products/facets/{key}` is search-in-facet, so a product slugged `facets`
 * could never reach its variants (`/v1/products/facets/variants`).
 */
export const RESERVED_SLUGS: Record<SlugEntity, ReadonlySet<string>> = {
  product: new Set(['facets']),
  collection: new Set(),
  brand: new Set(),
};

function pendingWants(wants: readonly SlugWant[], current: CurrentSlugs, reserved: ReadonlySet<string>): SlugWant[] {
  return wants.filter((w) => {
    const now = current.get(slugKey(w.language, w.entityId));
    return now?.base !== w.base || reserved.has(now.slug);
  });
}

/**
 * Every slug, of any entity, that a pending want could collide with: each base and its suffixed forms
 * (`base-2`, ...), in one statement. The slug column sorts bytewise (collation C), so `base-...` is the
 * range from `base-` up to `base.`, one index range scan per base.
 */
async function loadOwners(trx: Db, scope: Scope, pending: readonly SlugWant[]): Promise<SlugState['owners']> {
  const bases = [...new Set(pending.map((w) => w.base))];
  const languages = [...new Set(pending.map((w) => w.language))];
  const { rows }: { rows: OwnerRow[] } = await trx.raw(
    `select s.language, s.entity_id, s.entity_type, s.slug
       from unnest(?::text[]) as b(base)
       join lateral (
         select language, entity_id, entity_type, slug from storefront_slugs
          where site_id = ? and tenant_id = ? and language = any(?::text[])
            and (slug = b.base or (slug >= b.base || '-' and slug < b.base || '.'))
       ) s on true`,
    [bases, scope.siteId, scope.tenantId, languages],
  );
  // Slugs of another entity type are owned by a name no entity of this type can have.
  return new Map(
    rows.map((r) => [
      slugKey(r.language, r.slug),
      r.entity_type === scope.entityType ? r.entity_id : `${r.entity_type}:${r.entity_id}`,
    ]),
  );
}

function groupBy<T>(items: readonly T[], key: (item: T) => string, value: (item: T) => string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), value(item)]);
  return groups;
}

/** New current slugs in one statement: column arrays unnested, whatever the count (no parameter limit). */
async function insertMinted(trx: Db, scope: Scope, minted: readonly SlugChange[]): Promise<void> {
  if (minted.length === 0) return;
  await trx.raw(
    `insert into storefront_slugs (tenant_id, site_id, entity_type, current, entity_id, language, slug, base)
     select ?, ?, ?, true, * from unnest(?::text[], ?::text[], ?::text[], ?::text[])`,
    [
      scope.tenantId,
      scope.siteId,
      scope.entityType,
      minted.map((c) => c.entityId),
      minted.map((c) => c.language),
      minted.map((c) => c.slug),
      minted.map((c) => c.base),
    ],
  );
  // A site's first run grows the table from nothing faster than autovacuum's statistics follow, and a plan
  // made for a near-empty table reads the whole table once per base in loadOwners. Analysing whenever a mint
  // adds a quarter of the estimated rows keeps the estimate within bounds at a few analyses per doubling.
  const [{ reltuples }] = (await trx.raw(`select reltuples from pg_class where oid = 'storefront_slugs'::regclass`))
    .rows as { reltuples: number }[];
  if (minted.length * 4 >= reltuples) await trx.raw('analyze storefront_slugs');
}

/**
 * The current slug of each requested (entity, language) on the site, minting or reactivating where the text
 * changed (see planSlugs). Returns `${language}\u0000${entityId}` -> slug.
 */
export async function mintSlugs(db: Db, scope: Scope, requests: readonly SlugRequest[]): Promise<Map<string, string>> {
  if (requests.length === 0) return new Map();
  const wants = requests.map((r) => ({ entityId: r.entityId, language: r.language, base: slugify(r.text) }));
  // The common case of a run (every entity keeps its slug) is one read, with no lock and no transaction.
  const seen = await loadCurrent(db, scope, wants);
  const reserved = RESERVED_SLUGS[scope.entityType];
  if (pendingWants(wants, seen, reserved).length === 0)
    return planSlugs(wants, { current: seen, owners: new Map() }).slugs;
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?, ?)', [LOCK_NAMESPACE, scope.siteId]);
    const current = await loadCurrent(trx, scope, wants);
    const { slugs, changes } = planSlugs(wants, {
      current,
      owners: await loadOwners(trx, scope, pendingWants(wants, current, reserved)),
      reserved,
    });
    const base = { tenant_id: scope.tenantId, site_id: scope.siteId, entity_type: scope.entityType };
    // Entities whose slug changes lose their current one first (one statement per language), then gain the new one.
    for (const [language, entityIds] of groupBy(
      changes,
      (c) => c.language,
      (c) => c.entityId,
    )) {
      await trx('storefront_slugs')
        .where({ ...base, language, current: true })
        .whereIn('entity_id', entityIds)
        .update({ current: false });
    }
    await insertMinted(
      trx,
      scope,
      changes.filter((c) => c.kind === 'mint'),
    );
    for (const change of changes.filter((c) => c.kind === 'reactivate')) {
      await trx('storefront_slugs')
        .where({ ...base, language: change.language, slug: change.slug })
        .update({ current: true, base: change.base });
    }
    return slugs;
  });
}

/** The entity a slug names, and whether the slug is the entity's current one (else historical). */
export interface SlugHit {
  entityId: string;
  current: boolean;
}

/**
 * The entity of the scope's type a slug names on the site: the request language's slug first, then any site
 * language's, current before historical. Null when no entity of the type ever had the slug.
 */
export async function findBySlug(
  db: Db,
  scope: Scope,
  slug: string,
  language: string,
  siteLanguages: readonly string[],
): Promise<SlugHit | null> {
  return (await findBySlugs(db, scope, [slug], language, siteLanguages)).get(slug) ?? null;
}

// Named: a session that keeps generic plans (the product page's) plans it once. language = any(...) lets the (site,
// language, slug) unique index answer, one probe per language and slug.
const SLUGS_BY_SLUG = new NamedStatement<{ slug: string; entity_id: string; current: boolean }>(
  'slugs-by-slug',
  `select distinct on (slug) slug, entity_id, current from storefront_slugs where site_id = ? and
     language = any(?::text[]) and slug = any(?::text[]) and tenant_id = ? and entity_type = ?
     order by slug, (language = ?) desc, current desc`,
);

/** findBySlug for several slugs in one query: each slug found maps to its hit. */
export async function findBySlugs(
  db: Db,
  scope: Scope,
  slugs: readonly string[],
  language: string,
  siteLanguages: readonly string[],
): Promise<Map<string, SlugHit>> {
  const wanted = [...new Set(slugs.filter((slug) => !cannotBeStored(slug)))];
  const out = new Map<string, SlugHit>();
  if (wanted.length === 0) return out;
  const rows = await SLUGS_BY_SLUG.rows(db, [
    scope.siteId,
    [...new Set([language, ...siteLanguages])],
    wanted,
    scope.tenantId,
    scope.entityType,
    language,
  ]);
  for (const r of rows) out.set(r.slug, { entityId: r.entity_id, current: r.current });
  return out;
}

/** One minted slug of an entity, current or historical. */
export interface SlugRow {
  entityId: string;
  language: string;
  slug: string;
  base: string;
  current: boolean;
}

/** Every slug ever minted for the site's entities of one type (for collections: a handful per collection). */
export async function siteSlugs(db: Db, scope: Scope): Promise<SlugRow[]> {
  const rows: { entity_id: string; language: string; slug: string; base: string; current: boolean }[] = await db(
    'storefront_slugs',
  )
    .where({ tenant_id: scope.tenantId, site_id: scope.siteId, entity_type: scope.entityType })
    .select('entity_id', 'language', 'slug', 'base', 'current');
  return rows.map((r) => ({
    entityId: r.entity_id,
    language: r.language,
    slug: r.slug,
    base: r.base,
    current: r.current,
  }));
}
