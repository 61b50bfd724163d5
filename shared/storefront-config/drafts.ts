import { z } from 'zod';
import type { Knex } from '../db/knex';
import { ConfigValidationError } from './errors';
import {
  collectionSchema, equivalentSynonymSchema, facetDefinitionSchema, languageSchema, marketSchema, MAX_SYNONYMS_PER_LANGUAGE, oneWaySynonymSchema,
  queryRuleSchema, siteConfigSchema, siteSchema, type Collection, type QueryRule, type SiteConfig, type SynonymEntry,
} from './schemas';
import { findSiteByCode, getSite, insertSite, loadConfigFacts, writeDraft } from './site-store';
import { validateSiteConfig, type ConfigIssue } from './validate-config';
import { synonymEntryIssues } from './validate-merchandising';

function parse<S extends z.ZodType>(schema: S, input: unknown, prefix: string): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw ConfigValidationError.fromZod(result.error, prefix);
  return result.data;
}

/** Checks the whole config (fields and cross-entity rules); throws ConfigValidationError naming every broken field. */
async function validated(trx: Knex.Transaction, tenantId: number, siteId: number | null, config: SiteConfig): Promise<SiteConfig> {
  const parsed = parse(siteConfigSchema, config, '');
  const issues = validateSiteConfig(parsed, await loadConfigFacts(trx, tenantId, siteId));
  if (issues.length > 0) throw new ConfigValidationError(issues);
  return parsed;
}

/** Applies `change` to the site's draft in one transaction; nothing is stored when the result is invalid. */
export async function mutateDraft(db: Knex, tenantId: number, siteId: number, change: (draft: SiteConfig) => SiteConfig): Promise<SiteConfig> {
  return db.transaction(async (trx) => {
    const site = await getSite(trx, tenantId, siteId, { lock: true });
    const next = await validated(trx, tenantId, siteId, change(structuredClone(site.draft)));
    await writeDraft(trx, tenantId, siteId, next);
    return next;
  });
}

/**
 * Creates the site, or updates the draft of the site with `siteId` (or, without one, the site whose draft
 * has this code). Returns the site id.
 */
export async function saveSite(db: Knex, tenantId: number, input: { siteId?: number | undefined } & Record<string, unknown>): Promise<number> {
  const { siteId, ...fields } = input;
  const site = parse(siteSchema, fields, 'site');
  const existing = siteId ?? (await findSiteByCode(db, tenantId, site.code))?.id;
  if (existing !== undefined) {
    await mutateDraft(db, tenantId, existing, (draft) => ({ ...draft, site }));
    return existing;
  }
  return db.transaction(async (trx) => {
    // Serialises site creation per tenant, so two saves cannot both take one code.
    await trx.raw('select pg_advisory_xact_lock(?, ?)', [0x517e, tenantId]);
    const draft = await validated(trx, tenantId, null, { site, markets: [], facets: [], collections: [], queryRules: [], synonyms: {} });
    return insertSite(trx, tenantId, draft);
  });
}

/** Adds or replaces the market with this code. A default market demotes the old one; the first market is the default. */
export async function saveMarket(db: Knex, tenantId: number, siteId: number, input: unknown): Promise<SiteConfig> {
  const market = parse(marketSchema, input, 'market');
  return mutateDraft(db, tenantId, siteId, (draft) => {
    const others = draft.markets.filter((m) => m.code !== market.code);
    const isDefault = market.isDefault || !others.some((m) => m.isDefault);
    const markets = others.map((m) => (isDefault ? { ...m, isDefault: false } : m));
    const at = draft.markets.findIndex((m) => m.code === market.code);
    markets.splice(at === -1 ? markets.length : at, 0, { ...market, isDefault });
    return { ...draft, markets };
  });
}

/** Adds or replaces the facet with this key. */
export async function saveFacet(db: Knex, tenantId: number, siteId: number, key: string, definition: unknown): Promise<SiteConfig> {
  const parsed = parse(facetDefinitionSchema, definition, 'definition');
  return mutateDraft(db, tenantId, siteId, (draft) => ({ ...draft, facets: upsert(draft.facets, { key, definition: parsed }, (f) => f.key) }));
}

/** Adds a collection (a new id when `id` is absent) or replaces the one with that id. Returns its id. */
export async function saveCollection(db: Knex, tenantId: number, siteId: number, input: Record<string, unknown>): Promise<number> {
  let id = 0;
  await mutateDraft(db, tenantId, siteId, (draft) => {
    id = typeof input.id === 'number' ? input.id : nextId(draft.collections);
    const collection: Collection = parse(collectionSchema, { ...input, id }, 'collection');
    return { ...draft, collections: upsert(draft.collections, collection, (c) => c.id) };
  });
  return id;
}

/** Adds a query rule (a new id when `id` is absent) or replaces the one with that id. Returns its id. */
export async function saveQueryRule(db: Knex, tenantId: number, siteId: number, input: Record<string, unknown>): Promise<number> {
  let id = 0;
  await mutateDraft(db, tenantId, siteId, (draft) => {
    id = typeof input.id === 'number' ? input.id : nextId(draft.queryRules);
    const rule: QueryRule = parse(queryRuleSchema, { ...input, id }, 'queryRule');
    return { ...draft, queryRules: upsert(draft.queryRules, rule, (r) => r.id) };
  });
  return id;
}

/** Replaces the synonym entries of one language (an empty list removes the language's set). Returns the entry count. */
export async function saveSynonyms(db: Knex, tenantId: number, siteId: number, language: string, input: unknown): Promise<number> {
  const code = parse(languageSchema, language, 'language');
  const entries = parseSynonyms(input, `synonyms.${code}`);
  await mutateDraft(db, tenantId, siteId, (draft) => {
    const { [code]: _old, ...others } = draft.synonyms;
    return { ...draft, synonyms: entries.length === 0 ? others : { ...others, [code]: entries } };
  });
  return entries.length;
}

/** A synonym set, each entry read by the shape it names (`from`: one-way, else equivalent), every broken one named. */
function parseSynonyms(input: unknown, prefix: string): SynonymEntry[] {
  const list = parse(z.array(z.unknown()).max(MAX_SYNONYMS_PER_LANGUAGE), input, prefix);
  const issues: ConfigIssue[] = [];
  const entries = list.map((item, i) => {
    const schema = typeof item === 'object' && item !== null && 'from' in item ? oneWaySynonymSchema : equivalentSynonymSchema;
    const result = schema.safeParse(item);
    if (!result.success) issues.push(...ConfigValidationError.fromZod(result.error, `${prefix}[${i}]`).issues);
    else issues.push(...synonymEntryIssues(result.data, `${prefix}[${i}]`));
    return result.data;
  });
  if (issues.length > 0) throw new ConfigValidationError(issues);
  return entries.filter((e) => e !== undefined);
}

export type DraftSection = 'markets' | 'facets' | 'collections' | 'queryRules';

/** Removes one entity from the draft by its key (market code, facet key, collection or rule id). */
export async function removeFromDraft(db: Knex, tenantId: number, siteId: number, section: DraftSection, key: string): Promise<SiteConfig> {
  return mutateDraft(db, tenantId, siteId, (draft) => {
    const keyOf = (item: SiteConfig[DraftSection][number]) => String('code' in item ? item.code : 'key' in item ? item.key : item.id);
    const items = draft[section] as SiteConfig[DraftSection][number][];
    if (!items.some((item) => keyOf(item) === key)) throw new ConfigValidationError([{ field: section, message: `no entry "${key}"` }]);
    return { ...draft, [section]: items.filter((item) => keyOf(item) !== key) };
  });
}

function upsert<T>(items: readonly T[], item: T, key: (item: T) => string | number): T[] {
  const at = items.findIndex((existing) => key(existing) === key(item));
  return at === -1 ? [...items, item] : items.map((existing, i) => (i === at ? item : existing));
}

const nextId = (items: readonly { id: number }[]) => items.reduce((max, item) => Math.max(max, item.id), 0) + 1;
