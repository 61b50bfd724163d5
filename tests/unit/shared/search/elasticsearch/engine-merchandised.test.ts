import type { MockPattern } from '@elastic/elasticsearch-mock';
import { mappingOf, mockCluster } from './mock-cluster';

const hit = (id: string, score: number | null = null) => ({ _index: 'shop-1', _id: id, _score: score, _source: { id, card: { id } } });
const item = (hits: unknown[], extra: Record<string, unknown> = {}) => ({ took: 1, timed_out: false, status: 200, _shards: { total: 1, successful: 1, failed: 0 }, hits: { hits }, ...extra });
const MARKET = { term: { markets: 'se' } };
const BY_POPULARITY = [{ popularity: { order: 'desc', missing: '_last', unmapped_type: 'double' } }, { id: { order: 'asc' } }];

/** The searches of an _msearch body: the mock hands the ndjson lines over parsed, header then body. */
const searchesOf = (params: MockPattern): unknown[] => (params.body as unknown[]).filter((_, i) => i % 2 === 1);

function cluster() {
  const c = mockCluster();
  c.on('GET', '/shop/_mapping', () => mappingOf('shop-1', ['en']));
  return c;
}

// Multi search: one request, one response (or error) per search, in order:
// https://www.elastic.co/guide/en/elasticsearch/reference/8.18/search-multi-search.html
describe('ElasticsearchEngine merchandised search (mocked cluster)', () => {
  it('pins: the answer and the pinned products first, then the natural window on the index the alias resolved to', async () => {
    const { engine, on, calls } = cluster();
    on('POST', '/shop/_msearch', () => ({
      took: 1,
      responses: [
        item([], { hits: { total: { value: 5, relation: 'eq' }, hits: [] }, aggregations: { index: { buckets: [{ key: 'shop-1', doc_count: 5 }] } } }),
        item([hit('p9')]),
      ],
    }));
    on('POST', '/shop-1/_msearch', () => ({ took: 1, responses: [item([hit('p1'), hit('p2')])] }));
    const response = await engine.search('shop', { language: 'en', market: 'se', pins: [{ id: 'p9', position: 2 }, { id: 'gone', position: 1 }], pageSize: 3 });
    expect(response).toEqual({
      total: 5,
      hits: [{ id: 'p1', score: 0, card: { id: 'p1' } }, { id: 'p9', score: 0, card: { id: 'p9' } }, { id: 'p2', score: 0, card: { id: 'p2' } }],
      facets: [],
    });
    const first = calls.find((c) => c.path === '/shop/_msearch');
    const second = calls.find((c) => c.path === '/shop-1/_msearch');
    expect(calls.filter((c) => c.path.endsWith('_search'))).toEqual([]);
    const pinsOut = { ids: { values: ['p9', 'gone'] } };
    expect(first?.body).toEqual([
      {},
      { query: { bool: { filter: [MARKET] } }, from: 0, size: 0, track_total_hits: true, _source: ['id', 'card'], aggs: { index: { terms: { field: '_index', size: 1 } } } },
      {},
      { query: { bool: { filter: [MARKET, pinsOut] } }, size: 2, track_total_hits: false, _source: ['id', 'card'] },
    ]);
    // "gone" is not in the answer, so p9 alone is placed: at index 1, between natural ranks 0 and 1.
    expect(second?.body).toEqual([
      {},
      { query: { bool: { filter: [MARKET], must_not: [pinsOut] } }, sort: BY_POPULARITY, from: 0, size: 2, track_total_hits: false, _source: ['id', 'card'] },
    ]);
  });

  it('boost: tier counts first, then a window per tier the page spans', async () => {
    const { engine, on, calls } = cluster();
    const tierCounts = { doc_count: 4, tiers: { buckets: { top: { doc_count: 1 }, middle: { doc_count: 3 }, bottom: { doc_count: 0 } } } };
    on('POST', '/shop/_msearch', () => ({
      took: 1,
      responses: [item([], { hits: { total: { value: 4, relation: 'eq' }, hits: [] }, aggregations: { index: { buckets: [{ key: 'shop-1', doc_count: 4 }] }, tiers: tierCounts } })],
    }));
    on('POST', '/shop-1/_msearch', (params) => ({ took: 1, responses: searchesOf(params).map((_, i) => item(i === 0 ? [hit('b1')] : [hit('m1'), hit('m2')])) }));
    const boost = [[{ kind: 'toggle' as const, key: 'sale' }]];
    const response = await engine.search('shop', { language: 'en', market: 'se', boost, pageSize: 3 });
    expect(response.hits.map((h) => h.id)).toEqual(['b1', 'm1', 'm2']);
    expect(response.total).toBe(4);
    const windows = searchesOf({ method: 'POST', path: '', body: calls.find((c) => c.path === '/shop-1/_msearch')?.body } as MockPattern);
    expect(windows).toMatchObject([{ from: 0, size: 1 }, { from: 0, size: 2 }]);
  });

  it.each([
    ['index_not_found_exception', 404, 'INDEX_NOT_FOUND'],
    ['es_rejected_execution_exception', 429, 'UNAVAILABLE'],
  ])('a search inside _msearch failing with %s (%d) fails the query as %s', async (type, status, code) => {
    const { engine, on } = cluster();
    on('POST', '/shop/_msearch', () => ({ took: 1, responses: [{ error: { type, reason: 'refused' }, status }] }));
    await expect(engine.search('shop', { language: 'en', market: 'se', pins: [{ id: 'a', position: 1 }] })).rejects.toMatchObject({ code });
  });

  it('synonyms and hide alone stay one _search', async () => {
    const { engine, on, calls } = cluster();
    on('POST', '/shop/_search', () => item([hit('p1', 1)], { hits: { total: { value: 1, relation: 'eq' }, hits: [hit('p1', 1)] } }));
    const response = await engine.search('shop', { language: 'en', market: 'se', text: 'tee', synonyms: [{ start: 0, length: 1, alternatives: ['shirt'] }], hide: ['p2'] });
    expect(response.hits.map((h) => h.id)).toEqual(['p1']);
    expect(calls.filter((c) => c.path !== '/shop/_mapping').map((c) => c.path)).toEqual(['/shop/_search', '/shop/_search']);
    // The first is the typo lookup for "shirt" (5 letters), the rewritten word; the second the search.
    expect(calls[1]?.body).toMatchObject({ suggest: { typo_0_name: { text: 'shirt' } } });
    expect(calls[2]?.body).toMatchObject({ query: { bool: { must_not: [{ ids: { values: ['p2'] } }] } } });
  });
});
