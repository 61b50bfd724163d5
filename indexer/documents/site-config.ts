import { createHash } from 'node:crypto';
import type { Db } from '../../shared/db/knex';
import { RESERVED_FACET_KEYS, type ContentConfig } from '../../shared/storefront-config/schemas';
import { slugify } from '../../shared/storefront-config/slugs/slugify';

// What the document builder needs of a site: from a published (or draft) storefront configuration
// (from-site-config.ts), or derived from the tenant's data alone for a zero-config site.

/** One market: its prices come from one price list; cards and sort names use its language. */
export interface MarketConfig {
  code: string;
  language: string;
  currency: string;
  priceListId: number;
}

/**
 * Where a facet's values come from. Brand, option and attribute sources are list facets; a category source is
 * a hierarchy over the whole tree (rootId null) or below one root, keyed by category ids ("3/17/52").
 */
export type FacetSource =
  | { kind: 'brand'; key: string }
  | { kind: 'option'; key: string; option: string }
  | { kind: 'attribute'; key: string; attribute: string; as?: 'terms' | 'number' | 'flag' }
  | { kind: 'category'; key: string; rootId: number | null };

/** What the document builder needs to know about a site. */
export interface SiteIndexConfig {
  markets: MarketConfig[];
  /** Languages whose text, labels and sort names the documents carry. */
  languages: string[];
  facets: FacetSource[];
  /** Which products the site sells; absent means all. */
  assortment?: { categoryRootIds: number[]; excludeInactive: boolean };
  /** Collections whose membership each card carries (by id). */
  collections?: CollectionRule[];
  /** Which product properties fill the content fields; absent means zero-config's. */
  content?: ContentConfig;
}

/**
 * A digest of what a site's documents are built from: equal for two configs exactly when documents built under one
 * are built alike under the other (both come from `siteIndexConfig`, so their keys come in the same order).
 */
export const indexConfigDigest = (config: SiteIndexConfig): string =>
  createHash('sha1').update(JSON.stringify(config)).digest('base64url');

/** A collection as the indexer sees it: its id and its filter in the listing grammar. */
export interface CollectionRule {
  id: number;
  filter: Record<string, string[]>;
}

export { RESERVED_FACET_KEYS } from '../../shared/storefront-config/schemas';

/** The tenant data a zero-config site is derived from. */
export interface TenantFacts {
  /** Active price lists in id order. */
  priceLists: { id: number; code: string; currency: string }[];
  /** Languages the tenant has product content in. */
  contentLanguages: string[];
  defaultLanguage: string | null;
  defaultCurrency: string | null;
  /** Option axis names, most used first. */
  optionAxes: string[];
  /** Attribute keys whose values carry filter keys, most used first. */
  keyedAttributes: string[];
  /** Active root categories in display order. */
  categoryRoots: { id: number; name: string }[];
}

function uniqueKey(base: string, taken: Set<string>): string {
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}-${n}`;
  taken.add(key);
  return key;
}

function siteLanguages(facts: TenantFacts): string[] {
  const first = facts.defaultLanguage ?? 'en';
  const rest = [...new Set(facts.contentLanguages)].filter((l) => l !== first).sort();
  return facts.contentLanguages.length === 0 || facts.contentLanguages.includes(first) ? [first, ...rest] : rest;
}

/** The company's language on a market in its own currency, else English when indexed, else the first language. */
function marketLanguage(currency: string, facts: TenantFacts, languages: string[]): string {
  if (currency === facts.defaultCurrency && facts.defaultLanguage !== null && languages.includes(facts.defaultLanguage))
    return facts.defaultLanguage;
  return languages.includes('en') ? 'en' : (languages[0] ?? 'en');
}

/**
 * Zero-config site: one market per active price list (code = the list's code as a slug, currency = the
 * list's), every content language, and facets for brand, each option axis, each keyed attribute, and each
 * active category root (the spec's "every active category root becomes a facet").
 */
export function deriveSiteIndexConfig(facts: TenantFacts): SiteIndexConfig {
  const languages = siteLanguages(facts);
  const taken = new Set(RESERVED_FACET_KEYS);
  const marketCodes = new Set<string>();
  const markets = facts.priceLists.map((list) => ({
    code: uniqueKey(slugify(list.code), marketCodes),
    language: marketLanguage(list.currency, facts, languages),
    currency: list.currency,
    priceListId: list.id,
  }));
  const facets: FacetSource[] = [{ kind: 'brand', key: uniqueKey('brand', taken) }];
  for (const axis of facts.optionAxes)
    facets.push({ kind: 'option', key: uniqueKey(slugify(axis), taken), option: axis });
  for (const attribute of facts.keyedAttributes)
    facets.push({ kind: 'attribute', key: uniqueKey(slugify(attribute), taken), attribute });
  for (const root of facts.categoryRoots)
    facets.push({ kind: 'category', key: uniqueKey(slugify(root.name), taken), rootId: root.id });
  return { markets, languages, facets };
}

async function column<T>(db: Db, sql: string, tenantId: number): Promise<T[]> {
  return (await db.raw<{ rows: T[] }>(sql, [tenantId])).rows;
}

/** Reads the facts deriveSiteIndexConfig needs. */
export async function loadTenantFacts(db: Db, tenantId: number): Promise<TenantFacts> {
  const [priceLists, languages, profile, axes, attributes, roots] = await Promise.all([
    column<{ id: number; code: string; currency: string }>(
      db,
      'select id, code, currency_code as currency from price_lists where tenant_id = ? and active order by id',
      tenantId,
    ),
    column<{ language: string }>(
      db,
      'select language from product_descriptions where tenant_id = ? group by language order by language',
      tenantId,
    ),
    column<{ language: string | null; currency: string | null }>(
      db,
      'select default_language as language, default_currency_code as currency from company_profiles where tenant_id = ?',
      tenantId,
    ),
    column<{ name: string }>(
      db,
      'select name from product_options where tenant_id = ? group by name order by count(*) desc, name',
      tenantId,
    ),
    column<{ key: string }>(
      db,
      'select key from product_attributes where tenant_id = ? and value_keys is not null group by key order by count(*) desc, key',
      tenantId,
    ),
    column<{ id: number; name: string }>(
      db,
      'select id, name from categories where tenant_id = ? and parent_id is null and active order by position, id',
      tenantId,
    ),
  ]);
  return {
    priceLists,
    contentLanguages: languages.map((l) => l.language),
    defaultLanguage: profile[0]?.language ?? null,
    defaultCurrency: profile[0]?.currency ?? null,
    optionAxes: dedupeByKey(axes.map((a) => a.name)),
    keyedAttributes: attributes.map((a) => a.key),
    categoryRoots: roots,
  };
}

/** Axis names that differ only in case or accents ("Colour", "colour") are one facet. */
function dedupeByKey(names: string[]): string[] {
  const byKey = new Map<string, string>();
  for (const name of names) {
    const key = slugify(name);
    if (!byKey.has(key)) byKey.set(key, name);
  }
  return [...byKey.values()];
}

/** A zero-config site for a tenant, so a demo shop can be indexed before any storefront configuration exists. */
export async function defaultSiteIndexConfig(db: Db, tenantId: number): Promise<SiteIndexConfig> {
  return deriveSiteIndexConfig(await loadTenantFacts(db, tenantId));
}
