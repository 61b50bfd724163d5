import type { IndexSettings } from '../../../../../shared/search';

// The create-index request for EXPECTED_SETTINGS, written out by hand (not rebuilt with the builders under test),
// so a change to what reaches the cluster shows up as a test failure to review. Create index API:
// https://www.elastic.co/guide/en/elasticsearch/reference/8.18/indices-create-index.html

/** Two languages (one stemmed, one folded only), a dotted facet key, a market, a numeric facet. */
export const EXPECTED_SETTINGS: IndexSettings = {
  languages: ['en', 'fi'],
  boosts: { name: 5 },
  fields: { facets: ['brand', 'size.eu'], numbers: ['price.se', 'minTemp'], flags: ['inStock.se'] },
};

// Label pairs are only counted and read through doc values (terms aggregations), so they are not indexed for
// lookups; eager global ordinals build the ordinals at refresh instead of on the first aggregation
// (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/eager-global-ordinals.html).
const PAIR = { type: 'keyword', index: false, eager_global_ordinals: true };
const FOLDED = { type: 'text', analyzer: 'aisle_folded' };
// Edge n-grams at index time only; the query is cut, not gram'd
// (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/search-analyzer.html).
const PREFIX = { type: 'text', analyzer: 'aisle_prefix_index', search_analyzer: 'aisle_prefix_search' };

/** The mapping `text.<lang>` of a language analysed by `analyzer`: name with prefixes, brand, description. */
const languageText = (analyzer: string) => ({
  type: 'object',
  properties: {
    name: { type: 'text', analyzer, fields: { folded: FOLDED, prefix: PREFIX } },
    brand: { type: 'text', analyzer, fields: { folded: FOLDED } },
    description: { type: 'text', analyzer, fields: { folded: FOLDED } },
  },
});

/** Label pairs per facet key and language; dotted keys are objects, as Elasticsearch expands them. */
const PAIRS_BY_FACET = {
  type: 'object',
  properties: {
    brand: { type: 'object', properties: { en: PAIR, fi: PAIR } },
    size: { type: 'object', properties: { eu: { type: 'object', properties: { en: PAIR, fi: PAIR } } } },
  },
};

/** The request body (everything but the index name). */
export const EXPECTED_CREATE_BODY = {
  settings: {
    index: {
      number_of_shards: 1,
      max_result_window: 10000,
      max_ngram_diff: 19,
      // Bulk-load mode: no periodic refresh, no replicas (auto_expand_replicas would override the count)
      // (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/index-modules.html#dynamic-index-settings).
      refresh_interval: '-1',
      number_of_replicas: 0,
      auto_expand_replicas: 'false',
      // The mapping counts far below the default limit, which is kept
      // (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/mapping-settings-limit.html).
      mapping: { total_fields: { limit: 1000 } },
    },
    analysis: {
      tokenizer: { aisle_words: { type: 'pattern', pattern: '[^\\p{L}\\p{N}]+' } },
      filter: {
        aisle_stem_en: { type: 'snowball', language: 'English' },
        aisle_stem_sv: { type: 'snowball', language: 'Swedish' },
        aisle_stem_de: { type: 'snowball', language: 'German' },
        aisle_prefix_grams: { type: 'edge_ngram', min_gram: 1, max_gram: 20 },
        aisle_prefix_cut: { type: 'truncate', length: 20 },
      },
      analyzer: {
        aisle_en: {
          type: 'custom',
          char_filter: ['aisle_fold_table'],
          tokenizer: 'aisle_words',
          filter: ['lowercase', 'aisle_stem_en', 'asciifolding'],
        },
        aisle_sv: {
          type: 'custom',
          char_filter: ['aisle_fold_table'],
          tokenizer: 'aisle_words',
          filter: ['lowercase', 'aisle_stem_sv', 'asciifolding'],
        },
        aisle_de: {
          type: 'custom',
          char_filter: ['aisle_fold_table'],
          tokenizer: 'aisle_words',
          filter: ['lowercase', 'aisle_stem_de', 'asciifolding'],
        },
        aisle_folded: {
          type: 'custom',
          char_filter: ['aisle_fold_table'],
          tokenizer: 'aisle_words',
          filter: ['lowercase', 'asciifolding'],
        },
        aisle_prefix_index: {
          type: 'custom',
          char_filter: ['aisle_fold_table'],
          tokenizer: 'aisle_words',
          filter: ['lowercase', 'asciifolding', 'aisle_prefix_grams'],
        },
        aisle_prefix_search: {
          type: 'custom',
          char_filter: ['aisle_fold_table'],
          tokenizer: 'aisle_words',
          filter: ['lowercase', 'asciifolding', 'aisle_prefix_cut'],
        },
      },
      // The fold table's letters and their capitals, in code point order
      // (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/analysis-mapping-charfilter.html).
      char_filter: {
        aisle_fold_table: {
          type: 'mapping',
          mappings: [
            'Æ => ae',
            'Ð => d',
            'Ø => o',
            'Þ => th',
            'ß => ss',
            'æ => ae',
            'ð => d',
            'ø => o',
            'þ => th',
            'Đ => d',
            'đ => d',
            'Ħ => h',
            'ħ => h',
            'ı => i',
            'Ł => l',
            'ł => l',
            'Œ => oe',
            'œ => oe',
            'Ŧ => t',
            'ŧ => t',
            'ẞ => ss',
          ],
        },
      },
    },
  },
  mappings: {
    // https://www.elastic.co/guide/en/elasticsearch/reference/8.18/dynamic.html ("strict": unknown fields fail the
    // document); https://www.elastic.co/guide/en/elasticsearch/reference/8.18/date-detection.html
    dynamic: 'strict',
    date_detection: false,
    properties: {
      id: { type: 'keyword' },
      markets: { type: 'keyword' },
      skuTerms: { type: 'keyword' },
      popularity: { type: 'double' },
      text: { type: 'object', properties: { en: languageText('aisle_en'), fi: languageText('aisle_folded') } },
      facets: {
        type: 'object',
        properties: { brand: { type: 'keyword' }, size: { type: 'object', properties: { eu: { type: 'keyword' } } } },
      },
      facetLabels: PAIRS_BY_FACET,
      facetPrefixes: PAIRS_BY_FACET,
      numbers: {
        type: 'object',
        properties: { price: { type: 'object', properties: { se: { type: 'double' } } }, minTemp: { type: 'double' } },
      },
      flags: { type: 'object', properties: { inStock: { type: 'object', properties: { se: { type: 'boolean' } } } } },
      sortKeys: {
        type: 'object',
        properties: {
          createdAt: { type: 'long' },
          name: {
            type: 'object',
            properties: { en: { type: 'keyword', index: false }, fi: { type: 'keyword', index: false } },
          },
        },
      },
      // The card is returned as stored, never searched (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/enabled.html).
      card: { type: 'object', enabled: false },
    },
    // https://www.elastic.co/guide/en/elasticsearch/reference/8.18/mapping-meta-field.html
    _meta: {
      languages: ['en', 'fi'],
      boosts: { sku: 8, name: 5, brand: 2, description: 1 },
      fields: { facets: ['brand', 'size.eu'], numbers: ['price.se', 'minTemp'], flags: ['inStock.se'] },
    },
  },
};
