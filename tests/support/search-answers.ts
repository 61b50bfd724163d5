import type { SearchHit } from '../../shared/search';

/**
 * A search's or suggest's answer without its hits' card keys: they name card bytes in one process (which store,
 * which ordinal), so two builds of the same documents answer alike with different keys.
 */
export const withoutCardKeys = <T extends { hits: SearchHit[] }>(response: T): T => ({
  ...response,
  hits: response.hits.map(({ cardKey: _key, ...hit }) => hit),
});
