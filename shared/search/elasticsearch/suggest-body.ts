import { foldedNeedle } from '../analysis/fold';
import { tokenize } from '../analysis/tokenize';
import { FACET_VALUES_POOL } from '../facet-values';
import { SUGGEST_HIT_LIMIT, SUGGEST_VALUE_LIMIT, type SuggestRequest } from '../suggest';
import { namePrefixField } from './es-fields';
import { facetAggName, valuesAgg, valueField, type EsAggregation } from './facet-aggs';
import { marketClause } from './filter-clauses';
import type { IndexMeta } from './index-meta';
import { labelPrefixRegex } from './label-pairs';
import { HIT_SOURCE, type SearchBody } from './search-body';
import { sortClauses } from './sort-clause';

/**
 * Type-ahead in one request: hits through post_filter (every query word a prefix of a name word, on the
 * edge n-gram field), value counts through aggregations on the market only. Analysed languages filter the
 * label pairs with an `include` regex, so every value is considered; others fall back to the most common
 * values, matched afterwards. Pure.
 */
export function buildSuggestBody(request: SuggestRequest, meta: IndexMeta): SearchBody {
  const analysed = meta.languages.includes(request.language);
  const words = tokenize(request.q);
  const hitLimit = analysed && words.length > 0 ? Math.max(0, request.hitLimit ?? SUGGEST_HIT_LIMIT) : 0;
  const body: SearchBody = {
    size: hitLimit,
    track_total_hits: false,
    query: { bool: { filter: [marketClause(request.market)] } },
    sort: sortClauses('relevance', false, request.market, request.language),
    _source: HIT_SOURCE,
  };
  if (hitLimit > 0) body.post_filter = { match: { [namePrefixField(request.language)]: { query: words.join(' '), operator: 'and' } } };
  const aggs = valueAggs(request, analysed);
  if (Object.keys(aggs).length > 0) body.aggs = aggs;
  return body;
}

function valueAggs(request: SuggestRequest, analysed: boolean): Record<string, EsAggregation> {
  const needle = foldedNeedle(request.q);
  const limit = request.valueLimit ?? SUGGEST_VALUE_LIMIT;
  const aggs: Record<string, EsAggregation> = {};
  if (needle === '' || limit <= 0) return aggs;
  request.facetKeys.forEach((key, position) => {
    const field = valueField(key, request.language, analysed);
    // Each facet's top `limit` matching values suffice: the global top `limit` is within their union.
    aggs[facetAggName(position)] = analysed ? valuesAgg(field, limit, labelPrefixRegex(needle)) : valuesAgg(field, FACET_VALUES_POOL);
  });
  return aggs;
}
