import { buildSpellingBody, mapSpelling } from '../../../../../shared/search/elasticsearch/spelling-body';
import type { EsSearchResponse } from '../../../../../shared/search/elasticsearch/query-responses';

// Term suggester: https://www.elastic.co/guide/en/elasticsearch/reference/current/search-suggesters.html#term-suggester
// (max_edits at most 2, sort "frequency", suggest_mode "always" also suggests for words the index has).
describe('spelling request body', () => {
  it('asks one term suggester per folded word on the folded name field, and which words exist', () => {
    const term = {
      field: 'text.en.name.folded',
      max_edits: 2,
      prefix_length: 0,
      min_word_length: 1,
      suggest_mode: 'always',
      max_term_freq: 2_147_483_647,
      sort: 'frequency',
      size: 5,
    };
    expect(buildSpellingBody({ words: ['Runing', 'JAKCET'], language: 'en' })).toEqual({
      size: 0,
      track_total_hits: false,
      suggest: { spell_0: { text: 'runing', term }, spell_1: { text: 'jakcet', term } },
      aggs: {
        known: {
          filters: {
            filters: {
              w0: { term: { 'text.en.name.folded': 'runing' } },
              w1: { term: { 'text.en.name.folded': 'jakcet' } },
            },
          },
        },
      },
    });
  });

  it('reads candidates by frequency with their edit distance, and known words from the filter counts', () => {
    const response = {
      took: 1,
      timed_out: false,
      _shards: { total: 1, successful: 1, failed: 0 },
      hits: { hits: [] },
      suggest: {
        spell_0: [
          {
            text: 'runing',
            offset: 0,
            length: 6,
            options: [
              { text: 'ruining', score: 0.8, freq: 1 },
              { text: 'running', score: 0.8, freq: 4 },
            ],
          },
        ],
        spell_1: [{ text: 'shoes', offset: 0, length: 5, options: [{ text: 'shorts', score: 0.6, freq: 1 }] }],
      },
      aggregations: { known: { buckets: { w0: { doc_count: 0 }, w1: { doc_count: 3 } } } },
    } as unknown as EsSearchResponse;
    expect(mapSpelling({ words: ['runing', 'shoes'], language: 'en' }, response)).toEqual({
      words: [
        {
          word: 'runing',
          known: false,
          candidates: [
            { term: 'running', edits: 1, docFreq: 4 },
            { term: 'ruining', edits: 1, docFreq: 1 },
          ],
        },
        { word: 'shoes', known: true, candidates: [{ term: 'shorts', edits: 2, docFreq: 1 }] },
      ],
    });
  });
});
