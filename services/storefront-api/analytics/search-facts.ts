import { normaliseQuery } from '../../../shared/search/analysis/normalise-query';
import type { RecordedSearch, SearchFact, SearchPlace } from '../../../shared/search-analytics/search-fact';
import type { SiteContext } from '../keys/site-context';

// What each searching answer records (issue 24): worked out once with the answer and kept beside it in the read
// cache, so a cached answer records the same search. A preview key's reads are an editor looking, not a shopper
// searching: they record nothing.

/** Queries are stored at most this long (the listing reads 200 characters of `q`). */
export const MAX_RECORDED_QUERY = 200;

const placeOf = (ctx: SiteContext): SearchPlace => ({
  tenantId: ctx.key.tenantId,
  siteId: ctx.key.siteId,
  market: ctx.market.code,
  language: ctx.language,
});

const queryOf = (q: string | undefined): string => normaliseQuery((q ?? '').slice(0, MAX_RECORDED_QUERY));

function recorded(ctx: SiteContext, fact: SearchFact): RecordedSearch | undefined {
  return ctx.preview ? undefined : { place: placeOf(ctx), fact };
}

/** The parts of a listing answer a search is recorded from. */
export interface ListingAnswer {
  total: number;
  page: number;
  appliedFilters: readonly { facet: string; value: string }[];
  redirect: unknown;
  queryCorrection: unknown;
}

/** A listing, with text or without (a browse listing, a collection page). Pure. */
export function listingSearch(
  ctx: SiteContext,
  q: string | undefined,
  answer: ListingAnswer,
): RecordedSearch | undefined {
  return recorded(ctx, {
    kind: 'listing',
    query: queryOf(q),
    total: answer.total,
    corrected: answer.queryCorrection !== null,
    redirected: answer.redirect !== null,
    ruled: false,
    filters: answer.appliedFilters.map((f) => `${f.facet}=${f.value}`),
    page: answer.page,
  });
}

/** A suggest answer: its total is the number of suggestions it made (products, categories and values). Pure. */
export function suggestSearch(
  ctx: SiteContext,
  answer: { q: string; products: readonly unknown[]; categories: readonly unknown[]; values: readonly unknown[] },
): RecordedSearch | undefined {
  const total = answer.products.length + answer.categories.length + answer.values.length;
  return recorded(ctx, {
    kind: 'suggest',
    query: queryOf(answer.q),
    total,
    corrected: false,
    redirected: false,
    ruled: false,
    filters: [],
    page: 1,
  });
}

/** A search in a facet: recorded as `<facet>: <q>`, with the filters of its context. Pure. */
export function facetValuesSearch(
  ctx: SiteContext,
  filters: ReadonlyMap<string, { values: readonly string[] }>,
  answer: { facet: string; q: string; values: readonly unknown[] },
): RecordedSearch | undefined {
  return recorded(ctx, {
    kind: 'facet-values',
    query: `${answer.facet}: ${queryOf(answer.q)}`,
    total: answer.values.length,
    corrected: false,
    redirected: false,
    ruled: false,
    filters: [...filters].flatMap(([key, f]) => f.values.map((v) => `${key}=${v}`)),
    page: 1,
  });
}
