import mappings from '../../../../../mappings/elasticsearch/mappings.json';
import settings from '../../../../../mappings/elasticsearch/settings.json';
import { foldCharFilterRules, textAnalyzer } from '../../../../../shared/search/elasticsearch/analysis-settings';
import {
  buildMappings,
  createIndexRequest,
  servingSettings,
} from '../../../../../shared/search/elasticsearch/index-body';
import { parseMeta } from '../../../../../shared/search/elasticsearch/index-meta';
import { EXPECTED_CREATE_BODY, EXPECTED_SETTINGS } from './expected-create-index';

describe('create-index request', () => {
  it('creates in bulk-load mode with the JSON analysis, the fold char filter, a sized field limit and meta', () => {
    expect(createIndexRequest('shop-20240101', EXPECTED_SETTINGS)).toEqual({
      index: 'shop-20240101',
      ...EXPECTED_CREATE_BODY,
    });
  });

  it('without fields, keyed objects stay dynamic under typed templates: an object from a dotted key stays an object', () => {
    // A template without match_mapping_type also matches objects (numbers.price from "price.se") and maps them
    // as leaves, which rejects the document: https://www.elastic.co/guide/en/elasticsearch/reference/8.18/dynamic-templates.html
    const built = buildMappings({ languages: ['en'] });
    expect(built.dynamic).toBe('strict');
    expect(built.date_detection).toBe(false);
    for (const open of ['facets', 'facetLabels', 'facetPrefixes', 'numbers', 'flags'])
      expect(built.properties?.[open]).toEqual({ type: 'object', dynamic: true });
    const pair = { type: 'keyword', index: false, eager_global_ordinals: true };
    expect(built.dynamic_templates).toEqual([
      { facet_values: { path_match: 'facets.*', match_mapping_type: 'string', mapping: { type: 'keyword' } } },
      { facet_label_pairs: { path_match: 'facetLabels.*', match_mapping_type: 'string', mapping: pair } },
      { facet_prefix_pairs: { path_match: 'facetPrefixes.*', match_mapping_type: 'string', mapping: pair } },
      { whole_numbers: { path_match: 'numbers.*', match_mapping_type: 'long', mapping: { type: 'double' } } },
      { decimal_numbers: { path_match: 'numbers.*', match_mapping_type: 'double', mapping: { type: 'double' } } },
      { flags: { path_match: 'flags.*', match_mapping_type: 'boolean', mapping: { type: 'boolean' } } },
    ]);
    for (const template of mappings.dynamic_templates) {
      const [body] = Object.values(template);
      expect(body?.match_mapping_type).toMatch(/^(string|long|double|boolean)$/);
    }
  });

  it('serving settings: 0-1 auto-expanded replicas by default, or a fixed count', () => {
    // auto_expand_replicas "0-1" keeps a single-node cluster green and adds a replica once a second data node
    // exists: https://www.elastic.co/guide/en/elasticsearch/reference/8.18/index-modules.html#dynamic-index-settings
    expect(servingSettings({ refreshInterval: '1s', replicas: 'auto' })).toEqual({
      index: { refresh_interval: '1s', auto_expand_replicas: '0-1' },
    });
    expect(servingSettings({ refreshInterval: '5s', replicas: 2 })).toEqual({
      index: { refresh_interval: '5s', number_of_replicas: 2, auto_expand_replicas: 'false' },
    });
  });

  it('reads _meta back, defaulting what is missing or malformed', () => {
    expect(
      parseMeta({ languages: ['de', 3], boosts: { name: 9, sku: 'x' }, fields: { facets: ['brand'], numbers: 'x' } }),
    ).toEqual({
      languages: ['de'],
      boosts: { sku: 8, name: 9, brand: 2, description: 1 },
      fields: { facets: ['brand'], numbers: [], flags: [] },
    });
    expect(parseMeta(undefined)).toEqual({
      languages: [],
      boosts: { sku: 8, name: 4, brand: 2, description: 1 },
      fields: null,
    });
  });
});

describe('analysis', () => {
  it('every analyzer applies the fold table first, then stems before asciifolding', () => {
    for (const analyzer of Object.values(settings.analysis.analyzer))
      expect(analyzer.char_filter).toEqual(['aisle_fold_table']);
    expect(settings.analysis.analyzer.aisle_sv.filter).toEqual(['lowercase', 'aisle_stem_sv', 'asciifolding']);
    expect(settings.analysis.analyzer.aisle_prefix_index.filter).toContain('aisle_prefix_grams');
  });

  it('the mapping char filter comes from the shared fold table, capitals included', () => {
    // Lucene's asciifolding folds these letters too (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/analysis-asciifolding-tokenfilter.html);
    // the char filter makes them fold before stemming, as the JavaScript analyzer does
    // (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/analysis-mapping-charfilter.html).
    expect(foldCharFilterRules({ ø: 'o', ß: 'ss' })).toEqual(['Ø => o', 'ß => ss', 'ø => o', 'ẞ => ss']);
    const rules = foldCharFilterRules();
    for (const rule of [
      'Æ => ae',
      'æ => ae',
      'Ø => o',
      'ø => o',
      'Ł => l',
      'ł => l',
      'Œ => oe',
      'œ => oe',
      'ß => ss',
      'ẞ => ss',
    ])
      expect(rules).toContain(rule);
    // Dotless ı folds to i, but capital I must not be mapped (it already lower-cases to i).
    expect(rules).toContain('ı => i');
    expect(rules.some((rule) => rule.startsWith('I '))).toBe(false);
  });

  it('language codes pick stemmers as the embedded engine does: region tags and case do not matter', () => {
    expect(['en', 'EN', 'en-GB', 'sv-SE', 'de-AT', 'de_CH', 'fi', 'nb'].map(textAnalyzer)).toEqual([
      'aisle_en',
      'aisle_en',
      'aisle_en',
      'aisle_sv',
      'aisle_de',
      'aisle_de',
      'aisle_folded',
      'aisle_folded',
    ]);
  });
});
