import type { Filter, SearchRequest } from '../../../shared/search';
import { enginePins, type FilterMap, type RuleEffects } from '../../../shared/merchandising/rule-effects';
import type { Collection } from '../../../shared/storefront-config/schemas';
import type { SiteCatalogue } from '../catalogue/site-catalogue';
import { toEngineFilters } from './engine-filters';
import type { ListingParams } from './listing-plan';

type Merchandising = Pick<SearchRequest, 'synonyms' | 'pins' | 'hide' | 'boost' | 'bury'>;

/**
 * The shopper's filters with the rules' filters added for facets the shopper did not filter: the shopper's own
 * choice for a facet replaces the rule's, and an empty choice (`filter[color]=`) removes it without a warning.
 */
export function withRuleFilters(
  chosen: ListingParams['filters'],
  ruleFilters: ReadonlyMap<string, string[]>,
): ListingParams['filters'] {
  if (ruleFilters.size === 0) return chosen;
  const merged = new Map(chosen);
  for (const [key, values] of ruleFilters) {
    const own = chosen.get(key);
    if (own === undefined) merged.set(key, { values });
    else if (own.values.every((v) => v === '')) merged.delete(key);
  }
  return merged;
}

/** A boost or bury filter as engine filters; null when none of its facets is one of the site's. */
function filterSet(map: FilterMap, catalogue: SiteCatalogue, market: string): Filter[] | null {
  const { filters } = toEngineFilters(
    new Map(Object.entries(map).map(([key, values]) => [key, { values }])),
    catalogue.facetsByKey,
    market,
  );
  return filters.length === 0 ? null : filters;
}

/**
 * The merchandising fields of a listing's engine request: synonyms of the text, the collection's and the
 * rules' pins and hides, the rules' boosts and buries. Only fields with entries are set, so a listing nothing
 * applies to asks the engine exactly what it asked before merchandising existed.
 */
export function merchandisedRequest(input: {
  q: string;
  language: string;
  market: string;
  collection: Collection | null;
  effects: RuleEffects;
  catalogue: SiteCatalogue;
}): Merchandising {
  const { q, language, market, collection, effects, catalogue } = input;
  // The query's rules are the more specific: their pins go first, the collection's fill in around them.
  const pins = enginePins(collection?.pin ?? [], [...effects.pins]);
  const hide = [...new Set([...(collection?.hide ?? []), ...effects.hide])];
  const sets = (maps: readonly FilterMap[]) =>
    maps.map((m) => filterSet(m, catalogue, market)).filter((set) => set !== null);
  const [boost, bury] = [sets(effects.boost), sets(effects.bury)];
  const synonyms = catalogue.merchandising.synonyms(q, language);
  return {
    ...(synonyms.length > 0 && { synonyms }),
    ...(pins.length > 0 && { pins }),
    ...(hide.length > 0 && { hide }),
    ...(boost.length > 0 && { boost }),
    ...(bury.length > 0 && { bury }),
  };
}
