import type { estypes } from '@elastic/elasticsearch';
import { SearchEngineError } from '../errors';
import type { IndexFields } from '../index-settings';
import { textAnalyzer } from './analysis-settings';

type Property = estypes.MappingProperty;
type Properties = Record<string, Property>;

/** Elasticsearch's default `index.mapping.total_fields.limit`. */
export const DEFAULT_TOTAL_FIELDS_LIMIT = 1000;
/** Spare room over the counted fields, for metadata fields and any mapper a future server version adds. */
export const FIELD_HEADROOM = 100;

const keyword = (): Property => ({ type: 'keyword' });
/** Counted and read through doc values only: terms aggregations and sorts, never term lookups. */
const docValuesKeyword = (): Property => ({ type: 'keyword', index: false });
const pairKeyword = (): Property => ({ type: 'keyword', index: false, eager_global_ordinals: true });

function textPart(language: string, withPrefix: boolean): Property {
  const fields: Properties = { folded: { type: 'text', analyzer: 'aisle_folded' } };
  if (withPrefix)
    fields.prefix = { type: 'text', analyzer: 'aisle_prefix_index', search_analyzer: 'aisle_prefix_search' };
  return { type: 'text', analyzer: textAnalyzer(language), fields };
}

function invalid(message: string): SearchEngineError {
  return new SearchEngineError('INVALID_NAME', message);
}

/**
 * Places a leaf at a dotted key. Elasticsearch expands dotted names into objects (`price.se` is `price: {se}`),
 * so the mapping declares those objects; a key that is both a leaf and an object's parent cannot be mapped.
 */
function setLeaf(root: Properties, key: string, leaf: Property): void {
  const segments = key.split('.');
  if (segments.some((s) => s === '')) throw invalid(`field key "${key}" has an empty segment`);
  let level = root;
  segments.forEach((segment, i) => {
    const existing = level[segment];
    if (i === segments.length - 1) {
      if (existing !== undefined) throw invalid(`field key "${key}" is declared twice or is also an object`);
      level[segment] = leaf;
      return;
    }
    if (existing === undefined) level[segment] = { type: 'object', properties: {} };
    const next = level[segment];
    if (next === undefined || next.type !== 'object' || next.properties === undefined)
      throw invalid(`field key "${key}" runs through a leaf`);
    level = next.properties;
  });
}

function leaves(keys: readonly string[], leaf: () => Property): Properties {
  const properties: Properties = {};
  for (const key of keys) setLeaf(properties, key, leaf());
  return properties;
}

function perLanguage(languages: readonly string[], leaf: () => Property): Property {
  return { type: 'object', properties: Object.fromEntries(languages.map((lang) => [lang, leaf()])) };
}

function checkLanguages(languages: readonly string[]): void {
  for (const lang of languages)
    if (lang === '' || lang.includes('.')) throw invalid(`language code "${lang}" cannot name a field`);
  if (new Set(languages).size !== languages.length) throw invalid('a language is listed twice');
}

/** Facet values, label pairs and folded-first pairs of each facet key, per language (see label-pairs). */
function facetProperties(languages: readonly string[], facets: readonly string[]): Properties {
  const labels: Properties = {};
  for (const key of facets) setLeaf(labels, key, perLanguage(languages, pairKeyword));
  return {
    facets: { type: 'object', properties: leaves(facets, keyword) },
    facetLabels: { type: 'object', properties: labels },
    facetPrefixes: { type: 'object', properties: structuredClone(labels) },
  };
}

/**
 * The whole mapping of an index, generated from what it will hold: `dynamic: strict`, so a field outside it
 * fails its bulk item instead of being guessed. Dynamic templates without `match_mapping_type` also match the
 * objects Elasticsearch builds from dotted keys (`numbers.price` from `price.se`) and then reject every such
 * document (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/dynamic-templates.html). Pure.
 */
export function buildMappingProperties(languages: readonly string[], fields: IndexFields): Properties {
  checkLanguages(languages);
  return {
    id: keyword(),
    markets: keyword(),
    skuTerms: keyword(),
    popularity: { type: 'double' },
    text: {
      type: 'object',
      properties: Object.fromEntries(
        languages.map((lang) => [
          lang,
          {
            type: 'object',
            properties: {
              name: textPart(lang, true),
              brand: textPart(lang, false),
              description: textPart(lang, false),
            },
          },
        ]),
      ),
    },
    ...facetProperties(languages, fields.facets),
    numbers: { type: 'object', properties: leaves(fields.numbers, () => ({ type: 'double' })) },
    flags: { type: 'object', properties: leaves(fields.flags, () => ({ type: 'boolean' })) },
    sortKeys: {
      type: 'object',
      properties: { createdAt: { type: 'long' }, name: perLanguage(languages, docValuesKeyword) },
    },
    card: { type: 'object', enabled: false },
  };
}

/**
 * Fields as `index.mapping.total_fields.limit` counts them: every object and leaf mapping and every multi-field
 * (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/mapping-settings-limit.html). Pure.
 */
export function countMappedFields(properties: Readonly<Record<string, Property>>): number {
  let count = 0;
  for (const property of Object.values(properties)) {
    count += 1;
    if ('properties' in property && property.properties !== undefined) count += countMappedFields(property.properties);
    if ('fields' in property && property.fields !== undefined) count += countMappedFields(property.fields);
  }
  return count;
}

/** The limit the index is created with: the default, or the counted fields plus headroom when they need more. Pure. */
export function totalFieldsLimit(fieldCount: number): number {
  return Math.max(DEFAULT_TOTAL_FIELDS_LIMIT, fieldCount + FIELD_HEADROOM);
}
