import { foldedNeedle } from '../analysis/fold';
import { tokenize } from '../analysis/tokenize';
import { FACET_VALUES_POOL } from '../facet-values';
import { SUGGEST_HIT_LIMIT, SUGGEST_VALUE_LIMIT, type SuggestRequest } from '../suggest';
import { facetField, namePrefixField, prefixPairField } from './es-fields';
import { facetAggName, valuesAgg, type EsAggregation } from './facet-aggs';
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
  if (hitLimit > 0)
    body.post_filter = { match: { [namePrefixField(request.language)]: { query: words.join(' '), operator: 'and' } } };
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
    // Folded-first pairs order ties by label, not by value as the port does: taking the pool (not just `limit`)
    // of matching pairs lets the response mapping order them itself; only more than 1000 matching values tied
    // on the cut-off count could differ from the embedded engine.
    aggs[facetAggName(position)] = analysed
      ? valuesAgg(prefixPairField(key, request.language), FACET_VALUES_POOL, labelPrefixRegex(needle))
      : valuesAgg(facetField(key), FACET_VALUES_POOL);
  });
  return aggs;
}
