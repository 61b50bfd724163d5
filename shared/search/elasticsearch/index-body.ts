import type { estypes } from '@elastic/elasticsearch';
import type { IndexSettings } from '../index-settings';
import mappingsJson from '../../../mappings/elasticsearch/mappings.json';
import settingsJson from '../../../mappings/elasticsearch/settings.json';
import { metaOf } from './index-meta';

/** Settings of an index while a build fills it: no periodic refresh, no replicas to copy every write to. */
export const BULK_LOAD_SETTINGS = { refresh_interval: '-1', number_of_replicas: 0 } as const;

/** Settings an index serves with once built (restored by refresh). */
export interface ServingSettings {
  refreshInterval: string;
  replicas: number;
}

export const DEFAULT_SERVING: ServingSettings = { refreshInterval: '1s', replicas: 1 };

/** The index-level settings a built index serves with. Pure. */
export function servingSettings(serving: ServingSettings): estypes.IndicesIndexSettings {
  return { index: { refresh_interval: serving.refreshInterval, number_of_replicas: serving.replicas } };
}

// The JSON files are the reviewed source of truth; Elasticsearch validates them on create, so they are
// passed through typed as the client's request shapes rather than re-declared here.
const BASE_SETTINGS = settingsJson as estypes.IndicesIndexSettings;
const BASE_MAPPINGS = mappingsJson as estypes.MappingTypeMapping;

/**
 * The create-index request: analysis and mappings from mappings/elasticsearch, bulk-load settings (a new
 * index is always created to be filled by a build), and the languages and boosts in `_meta`. Pure.
 */
export function createIndexRequest(name: string, settings: IndexSettings): estypes.IndicesCreateRequest {
  return {
    index: name,
    settings: { ...BASE_SETTINGS, index: { ...BASE_SETTINGS.index, ...BULK_LOAD_SETTINGS } },
    mappings: { ...BASE_MAPPINGS, _meta: { ...metaOf(settings) } },
  };
}
