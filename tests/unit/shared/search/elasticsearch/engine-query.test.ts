import { encodePair } from '../../../../../shared/search/elasticsearch/label-pairs';
import { esError, mappingOf, mockCluster } from './mock-cluster';

const searchAnswer = (aggregations: Record<string, unknown> = {}) => ({
  took: 1,
  timed_out: false,
  _shards: { total: 1, successful: 1, failed: 0 },
  hits: { total: { value: 1, relation: 'eq' }, hits: [{ _index: 'shop-1', _id: 'p1', _score: 2, _source: { id: 'p1', card: { name: 'Shoe' } } }] },
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
    on('POST', '/shop/_search', () => searchAnswer({ facet_0: { doc_count: 1, values: { buckets: [{ key: encodePair('nike', 'Nike'), doc_count: 1 }] } } }));
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
          must: [{ bool: { should: expect.arrayContaining([{ multi_match: expect.objectContaining({ query: 'shoe', fields: ['text.en.name^4', 'text.en.brand^2', 'text.en.description^1'] }) }]) } }],
        },
      },
      from: 0,
      size: 24,
      _source: ['id', 'card'],
      aggs: { facet_0: { aggs: { values: { terms: expect.objectContaining({ field: 'facetLabels.brand.en' }) } } } },
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

  it('an unknown target rejects with INDEX_NOT_FOUND', async () => {
    const { engine } = cluster();
    await expect(engine.search('missing', { language: 'en', market: 'se' })).rejects.toMatchObject({ code: 'INDEX_NOT_FOUND' });
    await expect(engine.suggest('missing', { q: 'a', language: 'en', market: 'se', facetKeys: [] })).rejects.toMatchObject({ code: 'INDEX_NOT_FOUND' });
  });

  it('facetValues matches the folded needle inside the pool', async () => {
    const { engine, on } = cluster();
    const buckets = [
      { key: encodePair('fjallraven', 'Fjällräven'), doc_count: 3 },
      { key: encodePair('nike', 'Nike'), doc_count: 2 },
    ];
    on('POST', '/shop/_search', () => searchAnswer({ facet_0: { buckets } }));
    await expect(engine.facetValues('shop', { key: 'brand', q: ' RÄV ', language: 'en', market: 'se' })).resolves.toEqual({
      values: [{ value: 'fjallraven', label: 'Fjällräven', count: 3 }],
    });
  });

  it('suggest returns hits with score 0 and the matched values', async () => {
    const { engine, on, calls } = cluster();
    on('POST', '/shop/_search', () => searchAnswer({ facet_0: { buckets: [{ key: encodePair('nike', 'Nike'), doc_count: 4 }] } }));
    const request = { q: 'ni', language: 'en', market: 'se', facetKeys: ['brand'] };
    await expect(engine.suggest('shop', request)).resolves.toEqual({
      hits: [{ id: 'p1', score: 0, card: { name: 'Shoe' } }],
      values: [{ key: 'brand', value: 'nike', label: 'Nike', count: 4 }],
    });
    expect(calls.find((c) => c.path === '/shop/_search')?.body).toMatchObject({
      size: 5,
      query: { bool: { filter: [{ term: { markets: 'se' } }] } },
      post_filter: { match: { 'text.en.name.prefix': { query: 'ni', operator: 'and' } } },
      aggs: { facet_0: { terms: expect.objectContaining({ field: 'facetLabels.brand.en', include: '[^\u001f]*\u001fni.*' }) } },
    });
  });
});
