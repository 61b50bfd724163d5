import { encodePair, encodePrefixPair } from '../../../../../shared/search/elasticsearch/label-pairs';
import {
  mapFacetValues,
  mapSearchResponse,
  mapSuggestValues,
  type EsSearchResponse,
} from '../../../../../shared/search/elasticsearch/query-responses';

const bucket = (value: string, label: string | null, count: number) => ({
  key: encodePair(value, label),
  doc_count: count,
});
const prefixBucket = (value: string, label: string | null, count: number) => ({
  key: encodePrefixPair(value, label),
  doc_count: count,
});

function response(
  aggregations: Record<string, unknown>,
  hits: EsSearchResponse['hits']['hits'] = [],
  total = 0,
): EsSearchResponse {
  return {
    took: 1,
    timed_out: false,
    _shards: { total: 1, successful: 1, failed: 0 },
    hits: { total: { value: total, relation: 'eq' }, hits },
    aggregations,
  } as EsSearchResponse;
}

describe('search response mapping', () => {
  it('maps hits with cards, text scores only when scored, and the exact total', () => {
    const hits = [
      { _index: 'i', _id: 'p1', _score: 3.5, _source: { id: 'p1', card: { n: 1 } } },
      { _index: 'i', _id: 'p2', _score: null, _source: { id: 'p2', card: null } },
    ];
    expect(mapSearchResponse(response({}, hits, 40), [], true)).toEqual({
      total: 40,
      hits: [
        { id: 'p1', score: 3.5, card: { n: 1 } },
        { id: 'p2', score: 0, card: null },
      ],
      facets: [],
    });
    expect(mapSearchResponse(response({}, hits, 40), [], false).hits[0]?.score).toBe(0);
  });

  it('maps each facet kind in request order from the contexts that count them, with labels, levels, stats, toggles', () => {
    const aggs = {
      context_0: {
        doc_count: 9,
        facet_0: { sum_other_doc_count: 0, buckets: [bucket('red', 'Red', 5), bucket('blue', null, 5)] },
        facet_2: { count: 3, min: -4.5, max: 20, avg: 1, sum: 3 },
        facet_3: { doc_count: 2 },
      },
      context_1: {
        doc_count: 12,
        facet_1: {
          sum_other_doc_count: 0,
          buckets: [bucket('shoes', 'Shoes', 4), bucket('shoes/running/trail', null, 1)],
        },
        facet_4: { count: 0, min: null, max: null, avg: null, sum: 0 },
      },
      // Not a context: a merchandised search's own aggregation, whose children are not facets.
      index: { facet_1: { buckets: [] } },
    };
    const facets = [
      { kind: 'terms', key: 'color' },
      { kind: 'hierarchy', key: 'category' },
      { kind: 'range', key: 'weight' },
      { kind: 'toggle', key: 'inStock.se' },
      { kind: 'range', key: 'none' },
    ] as const;
    expect(mapSearchResponse(response(aggs), [...facets], false).facets).toEqual([
      {
        kind: 'terms',
        key: 'color',
        truncated: false,
        values: [
          { value: 'blue', label: null, count: 5 },
          { value: 'red', label: 'Red', count: 5 },
        ],
      },
      {
        kind: 'hierarchy',
        key: 'category',
        truncated: false,
        values: [
          { value: 'shoes', label: 'Shoes', count: 4, depth: 1, parent: null },
          { value: 'shoes/running/trail', label: null, count: 1, depth: 3, parent: 'shoes/running' },
        ],
      },
      { kind: 'range', key: 'weight', min: -4.5, max: 20, count: 3 },
      { kind: 'toggle', key: 'inStock.se', count: 2 },
      { kind: 'range', key: 'none', min: null, max: null, count: 0 },
    ]);
  });

  it('truncated when values were left out by the size or by the aggregation', () => {
    const aggs = {
      context_0: {
        facet_0: { sum_other_doc_count: 0, buckets: [bucket('a', null, 3), bucket('b', null, 2)] },
        facet_1: { sum_other_doc_count: 7, buckets: [bucket('a', null, 3)] },
        facet_2: { sum_other_doc_count: 0, buckets: [bucket('a', null, 3)] },
      },
    };
    const result = mapSearchResponse(
      response(aggs),
      [
        { kind: 'terms', key: 'x', size: 1 },
        { kind: 'terms', key: 'y', size: 1 },
        { kind: 'terms', key: 'z', size: 1 },
      ],
      false,
    );
    expect(result.facets.map((f) => (f.kind === 'terms' ? [f.values.length, f.truncated] : null))).toEqual([
      [1, true],
      [1, true],
      [1, false],
    ]);
  });

  it('merges pair buckets of one value that disagree on the label, keeping the count exact', () => {
    const aggs = {
      context_0: { facet_0: { buckets: [bucket('red', 'Red', 3), bucket('blue', null, 4), bucket('red', null, 2)] } },
    };
    const facet = mapSearchResponse(response(aggs), [{ kind: 'terms', key: 'color' }], false).facets[0];
    expect(facet).toEqual({
      kind: 'terms',
      key: 'color',
      truncated: false,
      values: [
        { value: 'red', label: 'Red', count: 5 },
        { value: 'blue', label: null, count: 4 },
      ],
    });
  });

  it('unknown or missing aggregations give empty facets', () => {
    expect(
      mapSearchResponse(
        response({}),
        [
          { kind: 'terms', key: 'a' },
          { kind: 'toggle', key: 'b' },
        ],
        false,
      ).facets,
    ).toEqual([
      { kind: 'terms', key: 'a', values: [], truncated: false },
      { kind: 'toggle', key: 'b', count: 0 },
    ]);
  });
});

describe('facetValues and suggest mapping', () => {
  it('facetValues keeps pool values whose folded label (or key) contains the needle, at most 50', () => {
    const buckets = [bucket('fjallraven', 'Fjällräven', 9), bucket('nike', 'Nike', 8), bucket('RAL-7', null, 1)];
    for (let i = 0; i < 60; i++) buckets.push(bucket(`v${String(i).padStart(2, '0')}`, `Val ${i}`, 1));
    const result = mapFacetValues(response({ facet_0: { buckets } }), 'al');
    expect(result.values.slice(0, 2)).toEqual([
      { value: 'fjallraven', label: 'Fjällräven', count: 9 },
      { value: 'RAL-7', label: null, count: 1 },
    ]);
    expect(result.values).toHaveLength(50);
    expect(result.values[2]?.value).toBe('v00');
  });

  it('suggest values over all keys by count, key, value, capped', () => {
    const aggs = {
      facet_0: {
        buckets: [prefixBucket('nimbus', 'Nimbus', 4), prefixBucket('nike', 'Nike', 4), prefixBucket('nib', 'Nib', 1)],
      },
      facet_1: { buckets: [prefixBucket('ninja', 'Ninja', 4), prefixBucket('other', 'Other', 9)] },
    };
    // Folded-first pairs order ties by label (nimbus before nike would be wrong by value): the mapping reorders.
    expect(mapSuggestValues(response(aggs), ['brand', 'category'], 'ni', true, 3)).toEqual([
      { key: 'brand', value: 'nike', label: 'Nike', count: 4 },
      { key: 'brand', value: 'nimbus', label: 'Nimbus', count: 4 },
      { key: 'category', value: 'ninja', label: 'Ninja', count: 4 },
    ]);
    expect(mapSuggestValues(response(aggs), ['brand'], '', true, 10)).toEqual([]);
    const bare = {
      facet_0: {
        buckets: [
          { key: 'nike', doc_count: 3 },
          { key: 'puma', doc_count: 5 },
        ],
      },
    };
    expect(mapSuggestValues(response(bare), ['brand'], 'ni', false)).toEqual([
      { key: 'brand', value: 'nike', label: null, count: 3 },
    ]);
  });
});
