import type { estypes } from '@elastic/elasticsearch';
import { isRelaxable } from '../facet-relaxation';
import type { Filter } from '../filters';
import { textClauses as requestClauses } from '../merchandising';
import { pageWindow } from '../page-window';
import type { SearchRequest } from '../search-request';
import { ID_FIELD } from './es-fields';
import { facetAggs } from './facet-aggs';
import { MAX_RESULT_WINDOW } from './index-body';
import { boolOf, filterClauses, marketClause, type EsQuery } from './filter-clauses';
import type { IndexMeta } from './index-meta';
import { idsQuery, pinIds, pinnedText } from './pin-clauses';
import { sortClauses } from './sort-clause';
import { textQueries } from './text-query';
import type { TypoTerms } from './typo-expansion';

/** A search body without the target index. */
export type SearchBody = Omit<estypes.SearchRequest, 'index'>;

/** Only the card travels back; the id comes from the document's own `id` field. */
export const HIT_SOURCE = [ID_FIELD, 'card'];

/**
 * The page as Elasticsearch can serve it: `from + size` above `index.max_result_window` is refused with a 400
 * (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/paginate-search-results.html), so the part of
 * a page past the window is cut, and a page wholly past it asks for no hits (`size: 0`, from 0) while the
 * total and the aggregations are still computed. Pure.
 */
export function windowedPage(
  page: number | undefined,
  pageSize: number | undefined,
  window = MAX_RESULT_WINDOW,
): { from: number; size: number } {
  const { from, size } = pageWindow(page, pageSize);
  if (from >= window) return { from: 0, size: 0 };
  return { from, size: Math.min(size, window - from) };
}

/** The clauses every body of one request shares, before pins, tiers and paging are added. */
export interface SearchQuery {
  /** Market, scope and the shopper filters no facet relaxes. */
  fixed: EsQuery[];
  /** The required text clauses; empty without text. */
  text: EsQuery[];
  /** Shopper filters some facet relaxes: the main body's post_filter. */
  relaxable: Filter[];
  /** Hidden products (must_not). */
  hidden: EsQuery[];
  analysed: boolean;
}

/** The shared clauses of a request. `typos` are the query words' typo stems (typo-expansion). Pure. */
export function searchQuery(request: SearchRequest, meta: IndexMeta, typos?: TypoTerms): SearchQuery {
  const analysed = meta.languages.includes(request.language);
  const context = {
    language: request.language,
    analysed,
    boosts: meta.boosts,
    ...(typos === undefined ? {} : { typos }),
  };
  const shopper = request.filters ?? [];
  const hide = request.hide ?? [];
  return {
    fixed: [
      marketClause(request.market),
      ...filterClauses(request.scope ?? []),
      ...filterClauses(shopper.filter((f) => !isRelaxable(f))),
    ],
    text: textQueries(requestClauses(request.text, request.synonyms), context),
    relaxable: shopper.filter(isRelaxable),
    hidden: hide.length > 0 ? [idsQuery(hide)] : [],
    analysed,
  };
}

/**
 * The body of a listing or text search. The main query holds market, text, scope and the shopper filters
 * no facet relaxes; the relaxable ones (`any` selections, ranges) go to post_filter so that each facet's
 * filter aggregation can leave out its own (disjunctive counts). Hidden products are a must_not ids query
 * (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/query-dsl-ids-query.html), so they leave
 * hits, total and facets alike; pinned ones match even without the text (pinnedText). Pure.
 */
export function buildSearchBody(request: SearchRequest, meta: IndexMeta, typos?: TypoTerms): SearchBody {
  const parts = searchQuery(request, meta, typos);
  const hasText = parts.text.length > 0;
  const body: SearchBody = {
    query: boolOf(parts.fixed, pinnedText(parts.text, pinIds(request.pins ?? [])), parts.hidden),
    sort: sortClauses(request.sort ?? 'relevance', hasText, request.market, request.language),
    ...windowedPage(request.page, request.pageSize),
    track_total_hits: true,
    _source: HIT_SOURCE,
  };
  // Field sorts skip scoring unless asked; hits must still carry the text score.
  if (hasText) body.track_scores = true;
  const postFilters = filterClauses(parts.relaxable);
  if (postFilters.length > 0) body.post_filter = { bool: { filter: postFilters } };
  const facets = request.facets ?? [];
  if (facets.length > 0) body.aggs = facetAggs(facets, parts.relaxable, request.language, parts.analysed);
  return body;
}

/**
 * A window of hits of the request's natural order (no pins), narrowed by `filter` and `mustNot` (a rank tier,
 * the pinned ids): no aggregations, so the relaxable filters join the query instead of a post_filter, and no
 * total (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/search-your-data.html#track-total-hits). Pure.
 */
export function windowBody(
  request: SearchRequest,
  parts: SearchQuery,
  narrow: { filter: EsQuery[]; mustNot: EsQuery[] },
  window: { from: number; size: number },
): SearchBody {
  const hasText = parts.text.length > 0;
  const filter = [...parts.fixed, ...filterClauses(parts.relaxable), ...narrow.filter];
  const body: SearchBody = {
    query: boolOf(filter, parts.text, [...parts.hidden, ...narrow.mustNot]),
    sort: sortClauses(request.sort ?? 'relevance', hasText, request.market, request.language),
    from: window.from,
    size: window.size,
    track_total_hits: false,
    _source: HIT_SOURCE,
  };
  if (hasText) body.track_scores = true;
  return body;
}
