import type { estypes } from '@elastic/elasticsearch';
import { isRelaxable } from '../facet-relaxation';
import { pageWindow } from '../page-window';
import type { SearchRequest } from '../search-request';
import { ID_FIELD } from './es-fields';
import { facetAggs } from './facet-aggs';
import { MAX_RESULT_WINDOW } from './index-body';
import { filterClauses, marketClause, type EsQuery } from './filter-clauses';
import type { IndexMeta } from './index-meta';
import { sortClauses } from './sort-clause';
import { textClauses } from './text-query';
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
export function windowedPage(page: number | undefined, pageSize: number | undefined, window = MAX_RESULT_WINDOW): { from: number; size: number } {
  const { from, size } = pageWindow(page, pageSize);
  if (from >= window) return { from: 0, size: 0 };
  return { from, size: Math.min(size, window - from) };
}

/**
 * The body of a listing or text search. The main query holds market, text, scope and the shopper filters
 * no facet relaxes; the relaxable ones (`any` selections, ranges) go to post_filter so that each facet's
 * filter aggregation can leave out its own (disjunctive counts). `typos` are the query words' typo stems
 * (typo-expansion). Pure.
 */
export function buildSearchBody(request: SearchRequest, meta: IndexMeta, typos?: TypoTerms): SearchBody {
  const analysed = meta.languages.includes(request.language);
  const must = textClauses(request.text, { language: request.language, analysed, boosts: meta.boosts, ...(typos === undefined ? {} : { typos }) });
  const hasText = must.length > 0;
  const shopper = request.filters ?? [];
  const relaxable = shopper.filter(isRelaxable);
  const fixed = [marketClause(request.market), ...filterClauses(request.scope ?? []), ...filterClauses(shopper.filter((f) => !isRelaxable(f)))];
  const query: EsQuery = { bool: hasText ? { filter: fixed, must } : { filter: fixed } };
  const body: SearchBody = {
    query,
    sort: sortClauses(request.sort ?? 'relevance', hasText, request.market, request.language),
    ...windowedPage(request.page, request.pageSize),
    track_total_hits: true,
    _source: HIT_SOURCE,
  };
  // Field sorts skip scoring unless asked; hits must still carry the text score.
  if (hasText) body.track_scores = true;
  const postFilters = filterClauses(relaxable);
  if (postFilters.length > 0) body.post_filter = { bool: { filter: postFilters } };
  const facets = request.facets ?? [];
  if (facets.length > 0) body.aggs = facetAggs(facets, relaxable, request.language, analysed);
  return body;
}
