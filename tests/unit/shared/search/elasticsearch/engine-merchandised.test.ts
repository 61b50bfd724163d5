import type { MockPattern } from '@elastic/elasticsearch-mock';
import { mappingOf, mockCluster } from './mock-cluster';

const hit = (id: string, score: number | null = null) => ({
  _index: 'shop-1',
  _id: id,
  _score: score,
  _source: { id, card: { id } },
});
const item = (hits: unknown[], extra: Record<string, unknown> = {}) => ({
  took: 1,
  timed_out: false,
  status: 200,
  _shards: { total: 1, successful: 1, failed: 0 },
  hits: { hits },
  ...extra,
});
/** A filter aggregation of `count` documents holding a top_hits of `hits`, as Elasticsearch answers it. */
const topHits = (count: number, hits: unknown[]) => ({
  doc_count: count,
  hits: { hits: { total: { value: count, relation: 'eq' }, max_score: null, hits } },
});
const MARKET = { term: { markets: 'se' } };
const BY_POPULARITY = [
  { popularity: { order: 'desc', missing: '_last', unmapped_type: 'double' } },
  { id: { order: 'asc' } },
];

/** The searches of an _msearch body: the mock hands the ndjson lines over parsed, header then body. */
const searchesOf = (params: Pick<MockPattern, 'body'>): unknown[] =>
  (params.body as unknown[]).filter((_, i) => i % 2 === 1);

function cluster() {
  const c = mockCluster();
  c.on('GET', '/shop/_mapping', () => mappingOf('shop-1', ['en']));
  return c;
}

// Multi search: one request, one response (or error) per search, in order:
// https://www.elastic.co/guide/en/elasticsearch/reference/8.18/search-multi-search.html
describe('ElasticsearchEngine merchandised search (mocked cluster)', () => {
  it('pins: one _msearch of the answer, the pinned products and the natural window [0, size) of page 1', async () => {
    const { engine, on, calls } = cluster();
    on('POST', '/shop/_msearch', () => ({
      took: 1,
      responses: [
        item([], {
          hits: { total: { value: 5, relation: 'eq' }, hits: [] },
          aggregations: { index: { buckets: [{ key: 'shop-1', doc_count: 5 }] } },
        }),
        item([hit('p9')]),
        item([hit('p1'), hit('p2'), hit('p3')]),
      ],
    }));
    const response = await engine.search('shop', {
      language: 'en',
      market: 'se',
      pins: [
        { id: 'p9', position: 2 },
        { id: 'gone', position: 1 },
      ],
      pageSize: 3,
    });
    expect(response).toEqual({
      total: 5,
      hits: [
        { id: 'p1', score: 0, card: { id: 'p1' } },
        { id: 'p9', score: 0, card: { id: 'p9' } },
        { id: 'p2', score: 0, card: { id: 'p2' } },
      ],
      facets: [],
    });
    expect(calls.map((c) => c.path)).toEqual(['/shop/_mapping', '/shop/_msearch']);
    const pinsOut = { ids: { values: ['p9', 'gone'] } };
    // "gone" is not in the answer, so p9 alone is placed: at index 1, between natural ranks 0 and 1.
    expect(calls[1]?.body).toEqual([
      {},
      {
        query: { bool: { filter: [MARKET] } },
        from: 0,
        size: 0,
        track_total_hits: true,
        _source: ['id', 'card'],
        aggs: { index: { terms: { field: '_index', size: 1 } } },
      },
      {},
      { query: { bool: { filter: [MARKET, pinsOut] } }, size: 2, track_total_hits: false, _source: ['id', 'card'] },
      {},
      {
        query: { bool: { filter: [MARKET], must_not: [pinsOut] } },
        sort: BY_POPULARITY,
        from: 0,
        size: 3,
        track_total_hits: false,
        _source: ['id', 'card'],
      },
    ]);
  });

  it('pins on a later page: the window starts one pin per pinned id earlier, and the page is cut out of it', async () => {
    const { engine, on, calls } = cluster();
    const natural = ['n0', 'n1', 'n2', 'n3', 'n4', 'n5'].map((id) => hit(id));
    on('POST', '/shop/_msearch', () => ({
      took: 1,
      responses: [
        item([], {
          hits: { total: { value: 8, relation: 'eq' }, hits: [] },
          aggregations: { index: { buckets: [{ key: 'shop-1', doc_count: 8 }] } },
        }),
        item([hit('p7'), hit('p9')]),
        item(natural),
      ],
    }));
    const pins = [
      { id: 'p9', position: 2 },
      { id: 'p7', position: 5 },
      { id: 'gone', position: 1 },
    ];
    const response = await engine.search('shop', { language: 'en', market: 'se', pins, page: 2, pageSize: 3 });
    // Page 2 is answer indices 3..5: natural rank 2 (p9 sits before it, at index 1), p7 at index 4, rank 3.
    expect(response.hits.map((h) => h.id)).toEqual(['n2', 'p7', 'n3']);
    expect(calls.map((c) => c.path)).toEqual(['/shop/_mapping', '/shop/_msearch']);
    expect(searchesOf(calls[1] as Pick<MockPattern, 'body'>)[2]).toMatchObject({ from: 0, size: 6 });
  });

  it("boost, first page: one _msearch with the counts and one search holding each tier's window as top_hits", async () => {
    const { engine, on, calls } = cluster();
    const tierCounts = {
      doc_count: 4,
      tiers: { buckets: { top: { doc_count: 1 }, middle: { doc_count: 3 }, bottom: { doc_count: 0 } } },
    };
    const count = item([], {
      hits: { total: { value: 4, relation: 'eq' }, hits: [] },
      aggregations: { index: { buckets: [{ key: 'shop-1', doc_count: 4 }] }, tiers: tierCounts },
    });
    on('POST', '/shop/_msearch', () => ({
      took: 1,
      responses: [
        count,
        item([], {
          aggregations: { top: topHits(1, [hit('b1')]), middle: topHits(3, [hit('m1'), hit('m2'), hit('m3')]) },
        }),
      ],
    }));
    const boost = [[{ kind: 'toggle' as const, key: 'sale' }]];
    const response = await engine.search('shop', { language: 'en', market: 'se', boost, pageSize: 3 });
    expect(response.hits.map((h) => h.id)).toEqual(['b1', 'm1', 'm2']);
    expect(response.total).toBe(4);
    expect(calls.map((c) => c.path)).toEqual(['/shop/_mapping', '/shop/_msearch']);
    // No bury sets: the bottom tier is empty, so only the top and middle windows [0, 3) are asked for.
    const [, tiers] = searchesOf(calls[1] as Pick<MockPattern, 'body'>) as [
      unknown,
      { size: number; aggs: Record<string, unknown> },
    ];
    expect(tiers.size).toBe(0);
    expect(Object.keys(tiers.aggs)).toEqual(['top', 'middle']);
    expect(tiers.aggs.middle).toMatchObject({
      aggs: { hits: { top_hits: { from: 0, size: 3, sort: BY_POPULARITY } } },
    });
  });

  it('boost, a tier window shorter than its count (the index changed under the counts): the needed windows again', async () => {
    const { engine, on, calls } = cluster();
    const tierCounts = {
      doc_count: 4,
      tiers: { buckets: { top: { doc_count: 1 }, middle: { doc_count: 3 }, bottom: { doc_count: 0 } } },
    };
    const count = item([], {
      hits: { total: { value: 4, relation: 'eq' }, hits: [] },
      aggregations: { index: { buckets: [{ key: 'shop-1', doc_count: 4 }] }, tiers: tierCounts },
    });
    on('POST', '/shop/_msearch', () => ({
      took: 1,
      responses: [count, item([], { aggregations: { top: topHits(1, [hit('b1')]), middle: topHits(1, [hit('m1')]) } })],
    }));
    on('POST', '/shop-1/_msearch', () => ({ took: 1, responses: [item([hit('b1')]), item([hit('m1'), hit('m9')])] }));
    const response = await engine.search('shop', {
      language: 'en',
      market: 'se',
      boost: [[{ kind: 'toggle', key: 'sale' }]],
      pageSize: 3,
    });
    expect(response.hits.map((h) => h.id)).toEqual(['b1', 'm1', 'm9']);
    expect(calls.map((c) => c.path)).toEqual(['/shop/_mapping', '/shop/_msearch', '/shop-1/_msearch']);
    expect(searchesOf(calls[2] as Pick<MockPattern, 'body'>)).toMatchObject([
      { from: 0, size: 1 },
      { from: 0, size: 2 },
    ]);
  });

  it('boost past the speculation limit: the counts first, then a window per tier the page spans on the counted index', async () => {
    const { engine, on, calls } = cluster();
    const tierCounts = {
      doc_count: 196,
      tiers: { buckets: { top: { doc_count: 106 }, middle: { doc_count: 90 }, bottom: { doc_count: 0 } } },
    };
    on('POST', '/shop/_msearch', () => ({
      took: 1,
      responses: [
        item([], {
          hits: { total: { value: 196, relation: 'eq' }, hits: [] },
          aggregations: { index: { buckets: [{ key: 'shop-1', doc_count: 196 }] }, tiers: tierCounts },
        }),
      ],
    }));
    on('POST', '/shop-1/_msearch', () => ({
      took: 1,
      responses: [item([hit('t1'), hit('t2')]), item([hit('m1'), hit('m2')])],
    }));
    const response = await engine.search('shop', {
      language: 'en',
      market: 'se',
      boost: [[{ kind: 'toggle', key: 'sale' }]],
      page: 27,
      pageSize: 4,
    });
    expect(response.hits.map((h) => h.id)).toEqual(['t1', 't2', 'm1', 'm2']);
    expect(calls.map((c) => c.path)).toEqual(['/shop/_mapping', '/shop/_msearch', '/shop-1/_msearch']);
    expect(searchesOf(calls[1] as Pick<MockPattern, 'body'>)).toHaveLength(1);
    expect(searchesOf(calls[2] as Pick<MockPattern, 'body'>)).toMatchObject([
      { from: 104, size: 2 },
      { from: 0, size: 2 },
    ]);
  });

  it('a speculative window served by another index (the alias swapped between searches) is fetched again on the counted one', async () => {
    const { engine, on, calls } = cluster();
    const moved = { ...hit('x1'), _index: 'shop-2' };
    on('POST', '/shop/_msearch', () => ({
      took: 1,
      responses: [
        item([], {
          hits: { total: { value: 3, relation: 'eq' }, hits: [] },
          aggregations: { index: { buckets: [{ key: 'shop-1', doc_count: 3 }] } },
        }),
        item([hit('p9')]),
        item([moved]),
      ],
    }));
    on('POST', '/shop-1/_msearch', () => ({ took: 1, responses: [item([hit('p1'), hit('p2')])] }));
    const response = await engine.search('shop', { language: 'en', market: 'se', pins: [{ id: 'p9', position: 1 }] });
    expect(response.hits.map((h) => h.id)).toEqual(['p9', 'p1', 'p2']);
    expect(calls.map((c) => c.path)).toEqual(['/shop/_mapping', '/shop/_msearch', '/shop-1/_msearch']);
    expect(searchesOf(calls[2] as Pick<MockPattern, 'body'>)).toMatchObject([{ from: 0, size: 2 }]);
  });

  it.each([
    ['index_not_found_exception', 404, 'INDEX_NOT_FOUND'],
    ['es_rejected_execution_exception', 429, 'UNAVAILABLE'],
  ])('a search inside _msearch failing with %s (%d) fails the query as %s', async (type, status, code) => {
    const { engine, on } = cluster();
    on('POST', '/shop/_msearch', () => ({ took: 1, responses: [{ error: { type, reason: 'refused' }, status }] }));
    await expect(
      engine.search('shop', { language: 'en', market: 'se', pins: [{ id: 'a', position: 1 }] }),
    ).rejects.toMatchObject({ code });
  });

  it('synonyms and hide alone stay one _search', async () => {
    const { engine, on, calls } = cluster();
    on('POST', '/shop/_search', () =>
      item([hit('p1', 1)], { hits: { total: { value: 1, relation: 'eq' }, hits: [hit('p1', 1)] } }),
    );
    const response = await engine.search('shop', {
      language: 'en',
      market: 'se',
      text: 'tee',
      synonyms: [{ start: 0, length: 1, alternatives: ['shirt'] }],
      hide: ['p2'],
    });
    expect(response.hits.map((h) => h.id)).toEqual(['p1']);
    expect(calls.filter((c) => c.path !== '/shop/_mapping').map((c) => c.path)).toEqual([
      '/shop/_search',
      '/shop/_search',
    ]);
    // The first is the typo lookup for "shirt" (5 letters), the rewritten word; the second the search.
    expect(calls[1]?.body).toMatchObject({ suggest: { typo_0_name: { text: 'shirt' } } });
    expect(calls[2]?.body).toMatchObject({ query: { bool: { must_not: [{ ids: { values: ['p2'] } }] } } });
  });
});
