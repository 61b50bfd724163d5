import type { Knex } from '../../../shared/db/knex';
import { unscheduleDeltas } from '../../../shared/index-queue';
import {
  createSite,
  removeFromDraft,
  saveCollection,
  saveContent,
  saveFacet,
  saveMarket,
  replaceSite,
  saveQueryRule,
  saveSynonyms,
  type DraftSection,
} from '../../../shared/storefront-config/drafts';
import { ConfigNotFoundError } from '../../../shared/storefront-config/errors';
import type {
  Collection,
  ContentConfig,
  Market,
  QueryRule,
  SiteFields,
} from '../../../shared/storefront-config/schemas';
import { getSite, listSites, removeSite, type SiteRecord } from '../../../shared/storefront-config/site-store';
import type { StorefrontServices } from './admin-deps';
import type { FacetDto, SiteDetailDto, SiteSummaryDto, SynonymsDto } from './config-schemas';
import { entityPlaces, inRequestTerms, slotOf } from './request-fields';

/**
 * The admin API's configuration actions: each calls the service function the MCP tools and the CLI call
 * (shared/storefront-config/drafts.ts, site-store.ts), names a failed save's fields as the request does, and answers
 * what the draft now holds.
 */

export type SiteScope = { tenantId: number; siteId: number };
type Body = Record<string, unknown>;

const summaryOf = (s: SiteRecord): SiteSummaryDto => ({
  siteId: s.id,
  code: s.draft.site.code,
  name: s.draft.site.name,
  active: s.draft.site.active,
  publishedVersion: s.publishedVersion,
  markets: s.draft.markets.map((m) => m.code),
  updatedAt: s.updatedAt.toISOString(),
});

export const siteSummaries = async (db: Knex, tenantId: number): Promise<SiteSummaryDto[]> =>
  (await listSites(db, tenantId)).map(summaryOf);

export async function siteDetail(db: Knex, { tenantId, siteId }: SiteScope): Promise<SiteDetailDto> {
  const site = await getSite(db, tenantId, siteId);
  return {
    siteId: site.id,
    publishedVersion: site.publishedVersion,
    updatedAt: site.updatedAt.toISOString(),
    draft: site.draft,
  };
}

/** A new site; a code another site of the tenant has is a validation error on `$.code`, never an update. */
export const addSite = (db: Knex, tenantId: number, body: Body): Promise<number> =>
  inRequestTerms(createSite(db, tenantId, body), [['site', '$']]);

export async function replaceSiteFields(db: Knex, { tenantId, siteId }: SiteScope, body: Body): Promise<SiteFields> {
  return (await inRequestTerms(replaceSite(db, tenantId, siteId, body), [['site', '$']])).site;
}

/**
 * Removes the site (its keys stop working, its runs are cancelled) and stops its scheduled delta runs, as the CLI does.
 */
export async function dropSite(db: Knex, services: StorefrontServices, { tenantId, siteId }: SiteScope): Promise<void> {
  await removeSite(db, tenantId, siteId);
  await unscheduleDeltas(services.queue, siteId);
}

/**
 * The item the draft holds after a save; gone only when a concurrent request removed it since (404, as a later read
 * would be).
 */
function held<T>(items: readonly T[], matches: (item: T) => boolean, what: string): T {
  const item = items.find(matches);
  if (item === undefined) throw new ConfigNotFoundError(what);
  return item;
}

export async function putMarket(db: Knex, { tenantId, siteId }: SiteScope, code: string, body: Body): Promise<Market> {
  const { draft } = await getSite(db, tenantId, siteId);
  const at = slotOf(draft.markets, (m) => m.code === code);
  const places = entityPlaces('market', 'markets', at, [
    ['market.code', 'code'],
    [`markets[${at}].code`, 'code'],
  ]);
  const saved = await inRequestTerms(saveMarket(db, tenantId, siteId, { ...body, code }), places);
  return held(saved.markets, (m) => m.code === code, `market "${code}"`);
}

export async function putFacet(db: Knex, { tenantId, siteId }: SiteScope, key: string, body: Body): Promise<FacetDto> {
  const { draft } = await getSite(db, tenantId, siteId);
  const at = slotOf(draft.facets, (f) => f.key === key);
  const places: [string, string][] = [
    [`facets[${at}].key`, 'key'],
    ['definition', '$'],
    [`facets[${at}].definition`, '$'],
  ];
  const saved = await inRequestTerms(saveFacet(db, tenantId, siteId, key, body), places);
  return held(saved.facets, (f) => f.key === key, `facet "${key}"`);
}

/** Adds a collection under the next free id; returns the id. */
export async function addCollection(db: Knex, { tenantId, siteId }: SiteScope, body: Body): Promise<number> {
  const { draft } = await getSite(db, tenantId, siteId);
  return inRequestTerms(
    saveCollection(db, tenantId, siteId, body),
    entityPlaces('collection', 'collections', draft.collections.length),
  );
}

/** Replaces the collection with this id; 404 when the draft has none. */
export async function replaceCollection(
  db: Knex,
  { tenantId, siteId }: SiteScope,
  id: number,
  body: Body,
): Promise<Collection> {
  const { draft } = await getSite(db, tenantId, siteId);
  const at = draft.collections.findIndex((c) => c.id === id);
  if (at === -1) throw new ConfigNotFoundError(`collection ${id}`);
  await inRequestTerms(
    saveCollection(db, tenantId, siteId, { ...body, id }, { replaceOnly: true }),
    entityPlaces('collection', 'collections', at),
  );
  return held((await getSite(db, tenantId, siteId)).draft.collections, (c) => c.id === id, `collection ${id}`);
}

/** Adds a query rule under the next free id; returns the id. */
export async function addRule(db: Knex, { tenantId, siteId }: SiteScope, body: Body): Promise<number> {
  const { draft } = await getSite(db, tenantId, siteId);
  return inRequestTerms(
    saveQueryRule(db, tenantId, siteId, body),
    entityPlaces('queryRule', 'queryRules', draft.queryRules.length),
  );
}

/** Replaces the query rule with this id; 404 when the draft has none. */
export async function replaceRule(
  db: Knex,
  { tenantId, siteId }: SiteScope,
  id: number,
  body: Body,
): Promise<QueryRule> {
  const { draft } = await getSite(db, tenantId, siteId);
  const at = draft.queryRules.findIndex((r) => r.id === id);
  if (at === -1) throw new ConfigNotFoundError(`query rule ${id}`);
  await inRequestTerms(
    saveQueryRule(db, tenantId, siteId, { ...body, id }, { replaceOnly: true }),
    entityPlaces('queryRule', 'queryRules', at),
  );
  return held((await getSite(db, tenantId, siteId)).draft.queryRules, (r) => r.id === id, `query rule ${id}`);
}

export async function synonymsOf(db: Knex, { tenantId, siteId }: SiteScope, language: string): Promise<SynonymsDto> {
  const { draft } = await getSite(db, tenantId, siteId);
  return { language, entries: draft.synonyms[language] ?? [] };
}

/** Replaces the language's synonym set ([] removes it); answers the set as stored. */
export async function putSynonyms(
  db: Knex,
  scope: SiteScope,
  language: string,
  entries: unknown[],
): Promise<SynonymsDto> {
  await inRequestTerms(saveSynonyms(db, scope.tenantId, scope.siteId, language, entries), [
    [`synonyms.${language}`, '$.entries'],
  ]);
  return synonymsOf(db, scope, language);
}

export const contentOf = async (db: Knex, { tenantId, siteId }: SiteScope): Promise<ContentConfig> =>
  (await getSite(db, tenantId, siteId)).draft.content;

/** Replaces the draft's content block; answers it as stored. */
export const putContent = (db: Knex, { tenantId, siteId }: SiteScope, body: Body): Promise<ContentConfig> =>
  inRequestTerms(saveContent(db, tenantId, siteId, body), [['content', '$']]);

/**
 * Removes an entity by its key; 404 when the draft has none. A removal that would break another entity is a validation
 * error naming it.
 */
export async function removeEntity(
  db: Knex,
  { tenantId, siteId }: SiteScope,
  section: DraftSection,
  key: string | number,
): Promise<void> {
  await removeFromDraft(db, tenantId, siteId, section, String(key));
}
