import { z } from 'zod';
import type { Knex } from '../db/knex';
import { ConfigNotFoundError, ConfigValidationError } from './errors';
import {
  collectionSchema,
  contentSchema,
  emptyConfig,
  equivalentSynonymSchema,
  facetDefinitionSchema,
  languageSchema,
  marketSchema,
  MAX_SYNONYMS_PER_LANGUAGE,
  oneWaySynonymSchema,
  queryRuleSchema,
  siteConfigSchema,
  siteSchema,
  type Collection,
  type ContentConfig,
  type QueryRule,
  type SiteConfig,
  type SynonymEntry,
} from './schemas';
import { getSite, insertSite, loadConfigFacts, writeDraft } from './site-store';
import { validateSiteConfig, type ConfigIssue } from './validate-config';
import { synonymEntryIssues } from './validate-merchandising';

function parse<S extends z.ZodType>(schema: S, input: unknown, prefix: string): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw ConfigValidationError.fromZod(result.error, prefix);
  return result.data;
}

/** Checks the whole config (fields and cross-entity rules); throws ConfigValidationError naming every broken field. */
async function validated(
  trx: Knex.Transaction,
  tenantId: number,
  siteId: number | null,
  config: SiteConfig,
): Promise<SiteConfig> {
  const parsed = parse(siteConfigSchema, config, '');
  const issues = validateSiteConfig(parsed, await loadConfigFacts(trx, tenantId, siteId));
  if (issues.length > 0) throw new ConfigValidationError(issues);
  return parsed;
}

/** Applies `change` to the site's draft in one transaction; nothing is stored when the result is invalid. */
export async function mutateDraft(
  db: Knex,
  tenantId: number,
  siteId: number,
  change: (draft: SiteConfig) => SiteConfig,
): Promise<SiteConfig> {
  return db.transaction(async (trx) => {
    const site = await getSite(trx, tenantId, siteId, { lock: true });
    const next = await validated(trx, tenantId, siteId, change(structuredClone(site.draft)));
    await writeDraft(trx, tenantId, siteId, next);
    return next;
  });
}

/**
 * Creates the site (without `siteId`: a code another site of the tenant has is a ConfigValidationError on
 * `site.code`, never an update), or updates the draft of the site with `siteId`, keeping every field the input
 * leaves out (undefined). Returns the site id.
 */
export async function saveSite(
  db: Knex,
  tenantId: number,
  input: { siteId?: number | undefined } & Record<string, unknown>,
): Promise<number> {
  const { siteId, ...fields } = input;
  if (siteId === undefined) return createSite(db, tenantId, fields);
  const named = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  await mutateDraft(db, tenantId, siteId, (draft) => ({
    ...draft,
    site: parse(siteSchema, { ...draft.site, ...named }, 'site'),
  }));
  return siteId;
}

/** Replaces the site's own fields in the draft: what `fields` leaves out takes its default (REST PUT). */
export async function replaceSite(db: Knex, tenantId: number, siteId: number, fields: unknown): Promise<SiteConfig> {
  const site = parse(siteSchema, fields, 'site');
  return mutateDraft(db, tenantId, siteId, (draft) => ({ ...draft, site }));
}

/** Creates a site with an empty draft; a code another site of the tenant has is a ConfigValidationError on `site.code`. Returns its id. */
export async function createSite(db: Knex, tenantId: number, fields: unknown): Promise<number> {
  const site = parse(siteSchema, fields, 'site');
  return db.transaction(async (trx) => {
    // Serialises site creation per tenant, so two saves cannot both take one code.
    await trx.raw('select pg_advisory_xact_lock(?, ?)', [0x517e, tenantId]);
    const draft = await validated(trx, tenantId, null, emptyConfig(site));
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
export async function saveFacet(
  db: Knex,
  tenantId: number,
  siteId: number,
  key: string,
  definition: unknown,
): Promise<SiteConfig> {
  const parsed = parse(facetDefinitionSchema, definition, 'definition');
  return mutateDraft(db, tenantId, siteId, (draft) => ({
    ...draft,
    facets: upsert(draft.facets, { key, definition: parsed }, (f) => f.key),
  }));
}

/** How a save treats an `id` the draft does not have: `replaceOnly` makes it a ConfigNotFoundError instead of adding it. */
export type SaveOptions = { replaceOnly?: boolean };

/** Adds a collection (a new id when `id` is absent) or replaces the one with that id. Returns its id. */
export async function saveCollection(
  db: Knex,
  tenantId: number,
  siteId: number,
  input: Record<string, unknown>,
  options: SaveOptions = {},
): Promise<number> {
  let id = 0;
  await mutateDraft(db, tenantId, siteId, (draft) => {
    id = idToSave(draft.collections, input.id, options, 'collection');
    const collection: Collection = parse(collectionSchema, { ...input, id }, 'collection');
    return { ...draft, collections: upsert(draft.collections, collection, (c) => c.id) };
  });
  return id;
}

/** Adds a query rule (a new id when `id` is absent) or replaces the one with that id. Returns its id. */
export async function saveQueryRule(
  db: Knex,
  tenantId: number,
  siteId: number,
  input: Record<string, unknown>,
  options: SaveOptions = {},
): Promise<number> {
  let id = 0;
  await mutateDraft(db, tenantId, siteId, (draft) => {
    id = idToSave(draft.queryRules, input.id, options, 'query rule');
    const rule: QueryRule = parse(queryRuleSchema, { ...input, id }, 'queryRule');
    return { ...draft, queryRules: upsert(draft.queryRules, rule, (r) => r.id) };
  });
  return id;
}

/** Replaces the synonym entries of one language (an empty list removes the language's set). Returns the entry count. */
export async function saveSynonyms(
  db: Knex,
  tenantId: number,
  siteId: number,
  language: string,
  input: unknown,
): Promise<number> {
  const code = parse(languageSchema, language, 'language');
  const entries = parseSynonyms(input, `synonyms.${code}`);
  await mutateDraft(db, tenantId, siteId, (draft) => {
    const { [code]: _old, ...others } = draft.synonyms;
    return { ...draft, synonyms: entries.length === 0 ? others : { ...others, [code]: entries } };
  });
  return entries.length;
}

/** Replaces the site's content block (what `input` leaves out takes its zero-config default). Returns the block saved. */
export async function saveContent(db: Knex, tenantId: number, siteId: number, input: unknown): Promise<ContentConfig> {
  const content = parse(contentSchema, input, 'content');
  return (await mutateDraft(db, tenantId, siteId, (draft) => ({ ...draft, content }))).content;
}

/** A synonym set, each entry read by the shape it names (`from`: one-way, else equivalent), every broken one named. */
function parseSynonyms(input: unknown, prefix: string): SynonymEntry[] {
  const list = parse(z.array(z.unknown()).max(MAX_SYNONYMS_PER_LANGUAGE), input, prefix);
  const issues: ConfigIssue[] = [];
  const entries = list.map((item, i) => {
    const schema =
      typeof item === 'object' && item !== null && 'from' in item ? oneWaySynonymSchema : equivalentSynonymSchema;
    const result = schema.safeParse(item);
    if (!result.success) issues.push(...ConfigValidationError.fromZod(result.error, `${prefix}[${i}]`).issues);
    return result.data;
  });
  if (issues.length === 0) return entries.filter((e) => e !== undefined);
  // The terms of the well-formed entries are checked here too, so one answer names every broken entry; a set that
  // parses gets those checks once, from validateSiteConfig.
  entries.forEach((entry, i) => {
    if (entry !== undefined) issues.push(...synonymEntryIssues(entry, `${prefix}[${i}]`));
  });
  throw new ConfigValidationError(issues.sort((a, b) => entryIndex(a.field) - entryIndex(b.field)));
}

/** The entry index of a synonym issue's field (`synonyms.en[3].terms[1]` -> 3), to list issues in entry order. */
const entryIndex = (field: string): number => Number(/\[(\d+)\]/.exec(field)?.[1] ?? -1);

export type DraftSection = 'markets' | 'facets' | 'collections' | 'queryRules';

const ENTITY: Record<DraftSection, string> = {
  markets: 'market',
  facets: 'facet',
  collections: 'collection',
  queryRules: 'query rule',
};

/** Removes one entity from the draft by its key (market code, facet key, collection or rule id); ConfigNotFoundError when it has none. */
export async function removeFromDraft(
  db: Knex,
  tenantId: number,
  siteId: number,
  section: DraftSection,
  key: string,
): Promise<SiteConfig> {
  return mutateDraft(db, tenantId, siteId, (draft) => {
    const keyOf = (item: SiteConfig[DraftSection][number]) =>
      String('code' in item ? item.code : 'key' in item ? item.key : item.id);
    const items = draft[section] as SiteConfig[DraftSection][number][];
    if (!items.some((item) => keyOf(item) === key)) throw new ConfigNotFoundError(`${ENTITY[section]} "${key}"`);
    return { ...draft, [section]: items.filter((item) => keyOf(item) !== key) };
  });
}

function upsert<T>(items: readonly T[], item: T, key: (item: T) => string | number): T[] {
  const at = items.findIndex((existing) => key(existing) === key(item));
  return at === -1 ? [...items, item] : items.map((existing, i) => (i === at ? item : existing));
}

const nextId = (items: readonly { id: number }[]) => items.reduce((max, item) => Math.max(max, item.id), 0) + 1;

/** The id a save stores: the input's (which, with `replaceOnly`, must be in the draft), else the next free one. */
function idToSave(items: readonly { id: number }[], id: unknown, options: SaveOptions, what: string): number {
  if (typeof id !== 'number') return nextId(items);
  if (options.replaceOnly && !items.some((item) => item.id === id)) throw new ConfigNotFoundError(`${what} ${id}`);
  return id;
}
