import type { estypes } from '@elastic/elasticsearch';
import type { IndexSettings } from '../index-settings';
import mappingsJson from '../../../mappings/elasticsearch/mappings.json';
import settingsJson from '../../../mappings/elasticsearch/settings.json';
import { foldCharFilter } from './analysis-settings';
import { buildMappingProperties, countMappedFields, totalFieldsLimit } from './index-mapping';
import { metaOf } from './index-meta';

/** Settings of an index while a build fills it: no periodic refresh, no replicas to copy every write to. */
export const BULK_LOAD_SETTINGS = {
  refresh_interval: '-1',
  number_of_replicas: 0,
  auto_expand_replicas: 'false',
} as const;

/** Settings an index serves with once built (restored by refresh). */
export interface ServingSettings {
  refreshInterval: string;
  /** A fixed replica count, or `auto`: 0 to 1 replicas as data nodes allow. */
  replicas: number | 'auto';
}

/**
 * `auto` keeps a single-node cluster green (no replica it cannot place) and gives one replica once a second
 * data node exists (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/index-modules.html#dynamic-index-settings).
 */
export const DEFAULT_SERVING: ServingSettings = { refreshInterval: '1s', replicas: 'auto' };

/** The index-level settings a built index serves with. Pure. */
export function servingSettings(serving: ServingSettings): estypes.IndicesIndexSettings {
  const replicas =
    serving.replicas === 'auto'
      ? { auto_expand_replicas: '0-1' }
      : { number_of_replicas: serving.replicas, auto_expand_replicas: 'false' };
  return { index: { refresh_interval: serving.refreshInterval, ...replicas } };
}

// The JSON files are the reviewed source of truth; Elasticsearch validates them on create, so they are
// passed through typed as the client's request shapes rather than re-declared here.
const BASE_SETTINGS = settingsJson as estypes.IndicesIndexSettings;
const FALLBACK_TEMPLATES = (mappingsJson as estypes.MappingTypeMapping).dynamic_templates ?? [];

/** `index.max_result_window` of every index the adapter creates (settings.json). */
export const MAX_RESULT_WINDOW: number = settingsJson.index.max_result_window;

/** Objects whose keys are only known from documents when an index is created without `fields`. */
const OPEN_OBJECTS = ['facets', 'facetLabels', 'facetPrefixes', 'numbers', 'flags'] as const;

/**
 * The mapping: generated from the languages and fields with `dynamic: strict`. Without `fields`, the keyed
 * objects stay dynamic and typed templates (match_mapping_type, so objects from dotted keys stay objects)
 * map their leaves. Date detection is off: a label such as "2024-01" must stay a keyword. Pure.
 */
export function buildMappings(settings: IndexSettings): estypes.MappingTypeMapping {
  const properties = buildMappingProperties(
    settings.languages,
    settings.fields ?? { facets: [], numbers: [], flags: [] },
  );
  const mappings: estypes.MappingTypeMapping = {
    dynamic: 'strict',
    date_detection: false,
    properties,
    _meta: { ...metaOf(settings) },
  };
  if (settings.fields === undefined) {
    for (const name of OPEN_OBJECTS) properties[name] = { type: 'object', dynamic: true };
    mappings.dynamic_templates = FALLBACK_TEMPLATES;
  }
  return mappings;
}

/**
 * The create-index request: analysis from mappings/elasticsearch plus the fold char filter, the generated
 * mapping, bulk-load settings (a new index is always created to be filled by a build), and a total fields limit
 * sized from the mapping. Pure.
 */
export function createIndexRequest(name: string, settings: IndexSettings): estypes.IndicesCreateRequest {
  const mappings = buildMappings(settings);
  const limit = totalFieldsLimit(countMappedFields(mappings.properties ?? {}));
  return {
    index: name,
    settings: {
      ...BASE_SETTINGS,
      index: { ...BASE_SETTINGS.index, ...BULK_LOAD_SETTINGS, mapping: { total_fields: { limit } } },
      analysis: { ...BASE_SETTINGS.analysis, char_filter: foldCharFilter() },
    },
    mappings,
  };
}
