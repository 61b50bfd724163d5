import { encodePair } from '../../../../../shared/search/elasticsearch/label-pairs';
import { esError, mappingOf, mockCluster } from './mock-cluster';

const searchAnswer = (aggregations: Record<string, unknown> = {}) => ({
  took: 1,
  timed_out: false,
  _shards: { total: 1, successful: 1, failed: 0 },
  hits: {
    total: { value: 1, relation: 'eq' },
    hits: [{ _index: 'shop-1', _id: 'p1', _score: 2, _source: { id: 'p1', card: { name: 'Shoe' } } }],
  },
  aggregations,
});

function cluster() {
  const c = mockCluster();
  c.on('GET', '/shop/_mapping', () => mappingOf('shop-1', ['en']));
  c.on('GET', '/missing/_mapping', () => esError(404, 'index_not_found_exception', 'no such index [missing]'));
  c.on('GET', '/_alias/shop', () => ({ 'shop-1': { aliases: { shop: {} } } }));
  c.on('POST', '/_aliases', () => ({ acknowledged: true }));
  return c;
}

describe('ElasticsearchEngine queries (mocked cluster)', () => {
  it('search sends the built body to the alias once and maps the answer', async () => {
    const { engine, on, calls } = cluster();
    on('POST', '/shop/_search', () =>
      searchAnswer({
        context_0: { doc_count: 1, facet_0: { buckets: [{ key: encodePair('nike', 'Nike'), doc_count: 1 }] } },
      }),
    );
    const request = { text: 'shoe', language: 'en', market: 'se', facets: [{ kind: 'terms' as const, key: 'brand' }] };
    await expect(engine.search('shop', request)).resolves.toEqual({
      total: 1,
      hits: [{ id: 'p1', score: 2, card: { name: 'Shoe' } }],
      facets: [{ kind: 'terms', key: 'brand', values: [{ value: 'nike', label: 'Nike', count: 1 }], truncated: false }],
    });
    // Written out by hand, not rebuilt with the builder: the request's text, market, language and facet must reach
    // the cluster as these clauses.
    expect(calls.filter((c) => c.path === '/shop/_search')).toHaveLength(1);
    expect(calls.find((c) => c.path === '/shop/_search')?.body).toMatchObject({
      query: {
        bool: {
          filter: [{ term: { markets: 'se' } }],
          must: [
            {
              bool: {
                should: expect.arrayContaining([
                  {
                    multi_match: expect.objectContaining({
                      query: 'shoe',
                      fields: ['text.en.name^4', 'text.en.brand^2', 'text.en.description^1'],
                    }),
                  },
                ]),
              },
            },
          ],
        },
      },
      from: 0,
      size: 24,
      _source: ['id', 'card'],
      aggs: { context_0: { aggs: { facet_0: { terms: expect.objectContaining({ field: 'facetLabels.brand.en' }) } } } },
    });
  });

  it('a word of 5+ letters first asks for its one-edit neighbours, then matches their stems', async () => {
    const { engine, on, calls } = cluster();
    on('POST', '/shop/_search', (params) => {
      const body = params.body as { suggest?: unknown };
      if (body.suggest === undefined) return searchAnswer();
      return {
        ...searchAnswer(),
        hits: { total: { value: 0, relation: 'eq' }, hits: [] },
        suggest: {
          typo_0_name: [
            { text: 'lanterm', offset: 0, length: 7, options: [{ text: 'lantern', score: 0.85, freq: 2 }] },
          ],
        },
      };
    });
    const request = { text: 'lanterm', language: 'en', market: 'se' };
    await engine.search('shop', request);
    const searches = calls.filter((c) => c.path === '/shop/_search');
    expect(searches).toHaveLength(2);
    // Written out by hand (not by the builders under test): a term suggester per text field, one edit away.
    const termSuggest = (field: string) => ({
      text: 'lanterm',
      term: {
        field: `text.en.${field}.folded`,
        max_edits: 1,
        prefix_length: 0,
        min_word_length: 5,
        suggest_mode: 'always',
        max_term_freq: 2147483647,
        size: 50,
      },
    });
    expect(searches[0]?.body).toEqual({
      size: 0,
      track_total_hits: false,
      suggest: {
        typo_0_name: termSuggest('name'),
        typo_0_brand: termSuggest('brand'),
        typo_0_description: termSuggest('description'),
      },
    });
    // Then the word itself, plus the neighbour's stem in each field at 0.4 of the field's boost.
    expect((searches[1]!.body as { query: unknown }).query).toEqual({
      bool: {
        filter: [{ term: { markets: 'se' } }],
        must: [
          {
            bool: {
              should: [
                {
                  multi_match: {
                    query: 'lanterm',
                    fields: ['text.en.name^4', 'text.en.brand^2', 'text.en.description^1'],
                    type: 'most_fields',
                  },
                },
                { term: { 'text.en.name': { value: 'lantern', boost: 1.6 } } },
                { term: { 'text.en.brand': { value: 'lantern', boost: 0.8 } } },
                { term: { 'text.en.description': { value: 'lantern', boost: 0.4 } } },
                { term: { skuTerms: { value: 'lanterm', boost: 8 } } },
              ],
              minimum_should_match: 1,
            },
          },
        ],
      },
    });
  });

  it('reads an index meta once per target, and again after a swap', async () => {
    const { engine, on, calls } = cluster();
    on('POST', '/shop/_search', () => searchAnswer());
    const request = { language: 'en', market: 'se' };
    await engine.search('shop', request);
    await engine.search('shop', request);
    await engine.swapAlias('shop', 'shop-2');
    await engine.search('shop', request);
    expect(calls.filter((c) => c.path === '/shop/_mapping')).toHaveLength(2);
  });

  it('spelling in a language the index does not analyse answers "no candidates" without asking the cluster', async () => {
    // Its folded name field does not exist, so the term suggester would answer 400 (a 500 in the listing).
    const { engine, calls } = cluster();
    await expect(engine.spelling('shop', { words: ['Löparskor'], language: 'fi' })).resolves.toEqual({
      words: [{ word: 'loparskor', known: false, candidates: [] }],
    });
    expect(calls.map((c) => c.path)).toEqual(['/shop/_mapping']);
  });

  it('an unknown target rejects with INDEX_NOT_FOUND', async () => {
    const { engine } = cluster();
    await expect(engine.search('missing', { language: 'en', market: 'se' })).rejects.toMatchObject({
      code: 'INDEX_NOT_FOUND',
    });
    await expect(
      engine.suggest('missing', { q: 'a', language: 'en', market: 'se', facetKeys: [] }),
    ).rejects.toMatchObject({ code: 'INDEX_NOT_FOUND' });
  });

  it('facetValues matches the folded needle inside the pool', async () => {
    const { engine, on } = cluster();
    const buckets = [
      { key: encodePair('fjallraven', 'Fjällräven'), doc_count: 3 },
      { key: encodePair('nike', 'Nike'), doc_count: 2 },
    ];
    on('POST', '/shop/_search', () => searchAnswer({ facet_0: { buckets } }));
    await expect(
      engine.facetValues('shop', { key: 'brand', q: ' RÄV ', language: 'en', market: 'se' }),
    ).resolves.toEqual({
      values: [{ value: 'fjallraven', label: 'Fjällräven', count: 3 }],
    });
  });

  it('suggest returns hits with score 0 and the matched values', async () => {
    const { engine, on, calls } = cluster();
    on('POST', '/shop/_search', () =>
      searchAnswer({ facet_0: { buckets: [{ key: encodePair('nike', 'Nike'), doc_count: 4 }] } }),
    );
    const request = { q: 'ni', language: 'en', market: 'se', facetKeys: ['brand'] };
    await expect(engine.suggest('shop', request)).resolves.toEqual({
      hits: [{ id: 'p1', score: 0, card: { name: 'Shoe' } }],
      values: [{ key: 'brand', value: 'nike', label: 'Nike', count: 4 }],
    });
    expect(calls.find((c) => c.path === '/shop/_search')?.body).toMatchObject({
      size: 5,
      query: { bool: { filter: [{ term: { markets: 'se' } }] } },
      post_filter: { match: { 'text.en.name.prefix': { query: 'ni', operator: 'and' } } },
      // The folded-label-first pair field: the include pattern starts with a literal prefix Lucene can seek to.
      aggs: {
        facet_0: {
          terms: {
            field: 'facetPrefixes.brand.en',
            include: 'ni.*',
            size: 1000,
            order: [{ _count: 'desc' }, { _key: 'asc' }],
          },
        },
      },
    });
  });
});
