import { badRequest } from '../../../shared/errors';
import type { FacetRequest, SearchRequest, SortKey } from '../../../shared/search';
import type { Collection, Market } from '../../../shared/storefront-config/schemas';
import type { FacetSpec } from '../catalogue/facet-specs';
import type { SiteCatalogue } from '../catalogue/site-catalogue';
import { NO_EFFECTS, type RuleEffects } from '../../../shared/merchandising/rule-effects';
import { toEngineFilters, type AppliedValue } from './engine-filters';
import { merchandisedRequest, withRuleFilters } from './merchandised-request';
import type { Warning } from './warnings';

export const SORT_KEYS: readonly SortKey[] = ['relevance', 'price_asc', 'price_desc', 'name_asc', 'newest'];
export const MAX_QUERY = 200;
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
export const MAX_RESULT_POSITION = 10_000;

/** The listing's query parameters as received (strings), with its filters already read by the grammar. */
export interface ListingParams {
  q?: string | undefined;
  page?: string | undefined;
  pageSize?: string | undefined;
  sort?: string | undefined;
  collection?: string | undefined;
  filters: Map<string, { values: string[] }>;
}

/** What one listing call asks of the engine, and what it tells the shopper besides the results. */
export interface ListingPlan {
  request: SearchRequest;
  q: string;
  page: number;
  pageSize: number;
  sort: SortKey;
  collection: Collection | null;
  applied: AppliedValue[];
  warnings: Warning[];
  /** The redirect of the first query rule that applies with one, else null. */
  redirect: RuleEffects['redirect'];
}

function positiveInt(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) throw badRequest('INVALID_PAGE', `${name} must be a positive integer`);
  return Number(raw);
}

/** Rule 2: page defaults to 1, pageSize to 24 (at most 100), and page times pageSize at most 10000. */
export function readPaging(params: Pick<ListingParams, 'page' | 'pageSize'>): { page: number; pageSize: number } {
  const page = positiveInt(params.page, 1, 'page');
  const pageSize = positiveInt(params.pageSize, DEFAULT_PAGE_SIZE, 'pageSize');
  if (pageSize > MAX_PAGE_SIZE) throw badRequest('INVALID_PAGE', `pageSize is at most ${MAX_PAGE_SIZE}`);
  if (page * pageSize > MAX_RESULT_POSITION)
    throw badRequest('INVALID_PAGE', `page times pageSize is at most ${MAX_RESULT_POSITION}`);
  return { page, pageSize };
}

/** The engine's facet requests for the site's facets. */
export function facetRequests(facets: readonly FacetSpec[], market: string): FacetRequest[] {
  return facets.map((f): FacetRequest => {
    if (f.type === 'range') return { kind: 'range', key: f.field(market) };
    if (f.type === 'toggle') return { kind: 'toggle', key: f.field(market) };
    return { kind: f.type === 'hierarchy' ? 'hierarchy' : 'terms', key: f.key, size: f.size };
  });
}

/** A collection's filter as fixed scope filters (never relaxed in counts); `all` adds none. */
export function collectionScope(collection: Collection, catalogue: SiteCatalogue, market: string) {
  const filters = new Map(
    Object.entries(collection.filter)
      .filter(([key]) => key !== 'all')
      .map(([key, values]) => [key, { values }]),
  );
  return toEngineFilters(filters, catalogue.facetsByKey, market).filters;
}

/**
 * Reads a listing call (rules 1 to 11) into the engine request, with the merchandising that applies at `now`
 * (query rules, synonyms, the collection's pins and hides); INVALID_PAGE for bad paging.
 */
export function planListing(
  params: ListingParams,
  catalogue: SiteCatalogue,
  market: Market,
  language: string,
  scope?: Collection,
  now = Date.now(),
): ListingPlan {
  const warnings: Warning[] = [];
  const { page, pageSize } = readPaging(params);
  let q = (params.q ?? '').trim();
  // Counted in characters (code points), so a truncation never cuts one in half.
  const characters = [...q];
  if (characters.length > MAX_QUERY) {
    q = characters.slice(0, MAX_QUERY).join('');
    warnings.push({ code: 'QUERY_TRUNCATED', detail: `q is at most ${MAX_QUERY} characters` });
  }
  let sort: SortKey = 'relevance';
  if (params.sort !== undefined && params.sort !== '') {
    if ((SORT_KEYS as readonly string[]).includes(params.sort)) sort = params.sort as SortKey;
    else warnings.push({ code: 'SORT_UNKNOWN', value: params.sort, detail: `sort is one of ${SORT_KEYS.join(', ')}` });
  }
  let collection = scope ?? null;
  if (collection === null && params.collection !== undefined && params.collection !== '') {
    collection = catalogue.collection(params.collection, language) ?? null;
    if (collection === null) warnings.push({ code: 'COLLECTION_UNKNOWN', value: params.collection });
  }
  const effects = q === '' ? NO_EFFECTS : catalogue.merchandising.effects(q, market.code, now);
  const chosen = toEngineFilters(withRuleFilters(params.filters, effects.filter), catalogue.facetsByKey, market.code);
  warnings.push(...chosen.warnings);
  const request: SearchRequest = {
    ...(q !== '' && { text: q }),
    language,
    market: market.code,
    scope: collection === null ? [] : collectionScope(collection, catalogue, market.code),
    filters: chosen.filters,
    facets: facetRequests(catalogue.facets, market.code),
    sort,
    page,
    pageSize,
    ...merchandisedRequest({ q, language, collection, effects, catalogue, market: market.code }),
  };
  return {
    request,
    q,
    page,
    pageSize,
    sort,
    collection,
    applied: chosen.applied,
    warnings,
    redirect: effects.redirect,
  };
}
