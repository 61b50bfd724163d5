import type { estypes } from '@elastic/elasticsearch';
import { priceField } from '../field-keys';
import type { SortKey } from '../search-request';
import { CREATED_AT_FIELD, ID_FIELD, numberField, POPULARITY_FIELD, sortNameField } from './es-fields';

type Order = 'asc' | 'desc';

/** Missing values last; `unmapped_type` keeps a sort on a field no document has yet from failing. */
function byField(field: string, order: Order, unmappedType: estypes.MappingFieldType): estypes.SortCombinations {
  return { [field]: { order, missing: '_last', unmapped_type: unmappedType } };
}

const BY_ID: estypes.SortCombinations = { [ID_FIELD]: { order: 'asc' } };

/** The sort of a listing: the primary key, then id ascending as the stable tie-breaker. Pure. */
export function sortClauses(
  sort: SortKey,
  hasText: boolean,
  market: string,
  language: string,
): estypes.SortCombinations[] {
  return [primarySort(sort, hasText, market, language), BY_ID];
}

function primarySort(sort: SortKey, hasText: boolean, market: string, language: string): estypes.SortCombinations {
  switch (sort) {
    case 'relevance':
      return hasText ? { _score: { order: 'desc' } } : byField(POPULARITY_FIELD, 'desc', 'double');
    case 'price_asc':
      return byField(numberField(priceField(market)), 'asc', 'double');
    case 'price_desc':
      return byField(numberField(priceField(market)), 'desc', 'double');
    case 'name_asc':
      return byField(sortNameField(language), 'asc', 'keyword');
    case 'newest':
      return byField(CREATED_AT_FIELD, 'desc', 'long');
  }
}
