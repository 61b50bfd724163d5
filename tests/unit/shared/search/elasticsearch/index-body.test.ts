import mappings from '../../../../../mappings/elasticsearch/mappings.json';
import settings from '../../../../../mappings/elasticsearch/settings.json';
import { swapAliasActions } from '../../../../../shared/search/elasticsearch/aliases';
import { createIndexRequest, servingSettings } from '../../../../../shared/search/elasticsearch/index-body';
import { parseMeta } from '../../../../../shared/search/elasticsearch/index-meta';

describe('index body', () => {
  it('creates in bulk-load mode with the JSON analysis and mappings plus languages and boosts in _meta', () => {
    const request = createIndexRequest('shop-20240101', { languages: ['en', 'sv'], boosts: { name: 5 } });
    expect(request).toEqual({
      index: 'shop-20240101',
      settings: { ...settings, index: { number_of_shards: 1, max_result_window: 10000, max_ngram_diff: 19, refresh_interval: '-1', number_of_replicas: 0 } },
      mappings: { ...mappings, _meta: { languages: ['en', 'sv'], boosts: { sku: 8, name: 5, brand: 2, description: 1 } } },
    });
  });

  it('serving settings restore refresh interval and replicas', () => {
    expect(servingSettings({ refreshInterval: '1s', replicas: 1 })).toEqual({ index: { refresh_interval: '1s', number_of_replicas: 1 } });
  });

  it('reads _meta back, defaulting what is missing or malformed', () => {
    expect(parseMeta({ languages: ['de', 3], boosts: { name: 9, sku: 'x' } })).toEqual({
      languages: ['de'],
      boosts: { sku: 8, name: 9, brand: 2, description: 1 },
    });
    expect(parseMeta(undefined)).toEqual({ languages: [], boosts: { sku: 8, name: 4, brand: 2, description: 1 } });
  });

  it('analyzers per language stem before folding; the name has folded and edge n-gram sub-fields', () => {
    expect(settings.analysis.analyzer.aisle_sv.filter).toEqual(['lowercase', 'aisle_stem_sv', 'asciifolding']);
    expect(settings.analysis.analyzer.aisle_prefix_index.filter).toContain('aisle_prefix_grams');
    const nameDe = mappings.dynamic_templates.find((t) => 'name_de' in t) as { name_de: { path_match: string; mapping: { analyzer: string; fields: Record<string, unknown> } } };
    expect(nameDe.name_de.path_match).toBe('text.de.name');
    expect(nameDe.name_de.mapping.analyzer).toBe('aisle_de');
    expect(Object.keys(nameDe.name_de.mapping.fields)).toEqual(['folded', 'prefix']);
    expect(mappings.properties.card).toEqual({ type: 'object', enabled: false });
  });
});

describe('alias swap body', () => {
  it('removes from the previous index and adds to the new one in one action list', () => {
    expect(swapAliasActions('shop', 'shop-2', ['shop-1'])).toEqual([{ remove: { index: 'shop-1', alias: 'shop' } }, { add: { index: 'shop-2', alias: 'shop' } }]);
    expect(swapAliasActions('shop', 'shop-1', [])).toEqual([{ add: { index: 'shop-1', alias: 'shop' } }]);
  });
});
