import type { Knex } from '../../../shared/db/knex';
import { NamedStatement } from '../../../shared/db/named-statement';
import { cannotBeStored } from '../../../shared/db/storable-text';
import type { LogoRow } from '../../../shared/media/brand-logos';

// What a detail page needs beyond the indexer's catalogue rows: SEO texts, responsible parties of the product
// and of each variant, related groups and bundle components, and the current slugs the indexer minted.

export interface SeoRow {
  language: string;
  seo_title: string | null;
  seo_description: string | null;
}
export interface PartyRow {
  id: number;
  name: string;
  legal_name: string | null;
  street: string | null;
  postal_code: string | null;
  city: string | null;
  region: string | null;
  country_code: string | null;
  email: string | null;
  url: string | null;
  phone: string | null;
}
export interface PartyLinks {
  manufacturer: number | null;
  importer: number | null;
  euResponsiblePerson: number | null;
}
export interface RelationRow {
  group_key: string;
  related_product_id: number;
}
export interface BundleRow {
  component_product_id: number;
  quantity: string;
}

async function rows<T>(db: Knex, sql: string, bindings: readonly Knex.RawBinding[]): Promise<T[]> {
  return (await db.raw<{ rows: T[] }>(sql, bindings)).rows;
}

/** A subquery's rows as one JSON array column, in `order` (columns of the subquery). */
const agg = (select: string, order = '') =>
  `(select coalesce(json_agg(d${order && ` order by ${order}`}), '[]') from (${select}) d)`;

/** What a product page shows beyond its catalogue rows. */
export interface PageRows {
  seo: SeoRow[];
  /** The party links of the product and of each of its variants, keyed by id: each names its own, none inherited. */
  links: Map<number, PartyLinks>;
  parties: Map<number, PartyRow>;
  /** The current slugs of the brands of the product and its variants, by brand id and language. */
  brandSlugs: Map<number, Record<string, string>>;
  /** Related products in the order linked: groups by key, then position. */
  relations: RelationRow[];
  bundle: BundleRow[];
  /** The logos of the brands of the product and its variants (brands that have one). */
  logos: LogoRow[];
}

type PageRow = {
  id: number;
  seo: SeoRow[];
  links: { id: number; m: number | null; i: number | null; e: number | null }[];
  parties: PartyRow[];
  brands: { entity_id: string; language: string; slug: string }[];
  relations: RelationRow[];
  bundle: BundleRow[];
  logos: LogoRow[];
};

// The product's own row and its variants', as a condition on `products` for page `p`.
const OWN_ROWS = 'tenant_id = ? and (id = p.id or parent_id = p.id)';

// One constant text: the statement is named, and a name must always stand for the same text.
const PAGE_ROWS = new NamedStatement<PageRow>(
  'storefront-page-rows',
  `select p.id, ${agg(
    'select language, seo_title, seo_description from product_descriptions where tenant_id = ? and product_id = p.id',
  )} as seo, ${agg(
    `select id, manufacturer_party_id as m, importer_party_id as i, eu_responsible_party_id as e from products where ${OWN_ROWS}`,
  )} as links, ${agg(
    'select id, name, legal_name, street, postal_code, city, region, country_code, email, url, phone from ' +
      'responsible_parties where tenant_id = ? and id in (select unnest(array[manufacturer_party_id, ' +
      `importer_party_id, eu_responsible_party_id]) from products where ${OWN_ROWS})`,
  )} as parties, ${agg(
    "select entity_id, language, slug from storefront_slugs where tenant_id = ? and site_id = ? and entity_type = 'brand' " +
      `and current and entity_id in (select brand_id::text from products where ${OWN_ROWS})`,
  )} as brands, ${agg(
    'select group_key, related_product_id, position from product_relations where tenant_id = ? and product_id = p.id',
    'group_key, position',
  )} as relations, ${agg(
    'select component_product_id, quantity::text as quantity, position from product_bundle_components where ' +
      'tenant_id = ? and product_id = p.id',
    'position, component_product_id',
  )} as bundle, ${agg(
    'select id, logo_hash, logo_source from brands where tenant_id = ? and logo_hash is not null and id in ' +
      `(select brand_id from products where ${OWN_ROWS})`,
    'id',
  )} as logos from unnest(?::int[]) as p(id)`,
);

/**
 * The page rows of each product among `ids`, in one statement whatever their number; named, so a session that keeps
 * generic plans (createDb `genericPlans`) plans it once.
 */
export async function pageRows(db: Knex, scope: SlugScope, ids: readonly number[]): Promise<Map<number, PageRows>> {
  const t = scope.tenantId;
  // seo, links, parties (2), brands (3), relations, bundle, logos (2); then the ids
  const found = await PAGE_ROWS.rows(db, [t, t, t, t, t, scope.siteId, t, t, t, t, t, [...new Set(ids)]]);
  return new Map(found.map((row) => [row.id, pageOf(row)]));
}

function pageOf(row: PageRow): PageRows {
  const brandSlugs = new Map<number, Record<string, string>>();
  for (const r of row.brands) {
    const id = Number(r.entity_id);
    brandSlugs.set(id, { ...brandSlugs.get(id), [r.language]: r.slug });
  }
  return {
    seo: row.seo,
    links: new Map(row.links.map((l) => [l.id, { manufacturer: l.m, importer: l.i, euResponsiblePerson: l.e }])),
    parties: new Map(row.parties.map((p) => [p.id, p])),
    brandSlugs,
    relations: row.relations,
    bundle: row.bundle,
    logos: row.logos,
  };
}

type SlugScope = { tenantId: number; siteId: number };

/** Current slugs of a tenant, site and entity type (`?` each) among entity ids (`?::text[]`). */
export const CURRENT_SLUGS =
  'select entity_id, language, slug from storefront_slugs where tenant_id = ? and site_id = ? and ' +
  'entity_type = ? and current and entity_id = any(?::text[])';

export type SlugRow = { entity_id: string; language: string; slug: string };

/** Slug rows by entity id and language. */
export function slugsById(rows: readonly SlugRow[]): Map<number, Record<string, string>> {
  const out = new Map<number, Record<string, string>>();
  for (const r of rows) out.set(Number(r.entity_id), { ...out.get(Number(r.entity_id)), [r.language]: r.slug });
  return out;
}

/** Current slugs per entity and language (minted by the indexer or at publish; never minted here). */
export async function currentSlugs(
  db: Knex,
  scope: SlugScope,
  entityType: 'product' | 'brand',
  ids: readonly number[],
): Promise<Map<number, Record<string, string>>> {
  if (ids.length === 0) return new Map();
  return slugsById(await rows<SlugRow>(db, CURRENT_SLUGS, [scope.tenantId, scope.siteId, entityType, ids.map(String)]));
}

/** The root (storefront product) a SKU names, and the variant when the SKU is a variant's. */
export async function productBySku(
  db: Knex,
  tenantId: number,
  sku: string,
): Promise<{ rootId: number; variantId: number | null } | null> {
  if (cannotBeStored(sku)) return null;
  const found = await rows<{ id: number; parent_id: number | null }>(
    db,
    'select id, parent_id from products where tenant_id = ? and product_number = ?',
    [tenantId, sku],
  );
  const hit = found[0];
  if (hit === undefined) return null;
  return hit.parent_id === null ? { rootId: hit.id, variantId: null } : { rootId: hit.parent_id, variantId: hit.id };
}
