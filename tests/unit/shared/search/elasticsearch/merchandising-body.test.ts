import type { SearchRequest } from '../../../../../shared/search';
import type { EsQuery } from '../../../../../shared/search/elasticsearch/filter-clauses';
import type { IndexMeta } from '../../../../../shared/search/elasticsearch/index-meta';
import { idsQuery, pinIds, pinnedText, presentPins } from '../../../../../shared/search/elasticsearch/pin-clauses';
import { buildSearchBody } from '../../../../../shared/search/elasticsearch/search-body';
import { typoWords } from '../../../../../shared/search/elasticsearch/typo-expansion';

const META: IndexMeta = { languages: ['en'], boosts: { sku: 8, name: 4, brand: 2, description: 1 }, fields: null };
const base: SearchRequest = { language: 'en', market: 'se' };
const MARKET = { term: { markets: 'se' } };
const FIELDS = ['text.en.name^4', 'text.en.brand^2', 'text.en.description^1'];

/** Today's clause of one query word, written out: stem multi_match, typo stems at 0.4 of each field, SKU term. */
function word(text: string, typoStems: string[] = []): EsQuery {
  const typos = typoStems.flatMap((stem) => [
    { term: { 'text.en.name': { value: stem, boost: 1.6 } } },
    { term: { 'text.en.brand': { value: stem, boost: 0.8 } } },
    { term: { 'text.en.description': { value: stem, boost: 0.4 } } },
  ]);
  return {
    bool: {
      should: [
        { multi_match: { query: text, fields: FIELDS, type: 'most_fields' } },
        ...typos,
        { term: { skuTerms: { value: text, boost: 8 } } },
      ],
      minimum_should_match: 1,
    },
  };
}

// Scores of nested bool queries are sums: a `must` adds up its clauses, a `should` adds up those that match, and
// minimum_should_match 1 makes one of them required
// (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/query-dsl-bool-query.html).
describe('synonym rewrites in the text query', () => {
  it('a rewritten run is one required clause: any alternative, each word of a phrase required and summed', () => {
    const typos = new Map([
      ['running', ['cunning']],
      ['sneaker', ['speaker']],
    ]);
    const request = {
      ...base,
      text: 'Red running shoes',
      synonyms: [{ start: 1, length: 2, alternatives: ['running shoes', 'Sneaker'] }],
    };
    expect(buildSearchBody(request, META, typos).query).toEqual({
      bool: {
        filter: [MARKET],
        must: [
          word('red'),
          {
            bool: {
              should: [{ bool: { must: [word('running', ['cunning']), word('shoes')] } }, word('sneaker', ['speaker'])],
              minimum_should_match: 1,
            },
          },
        ],
      },
    });
  });

  it('a run rewritten to one phrase is that phrase, its words all required', () => {
    const request = { ...base, text: 'tee', synonyms: [{ start: 0, length: 1, alternatives: ['t shirt'] }] };
    expect(buildSearchBody(request, META).query).toEqual({
      bool: { filter: [MARKET], must: [{ bool: { must: [word('t'), word('shirt')] } }] },
    });
  });

  it('no rewrites (or an empty list) leave the per-word body exactly as without synonyms', () => {
    const plain = buildSearchBody({ ...base, text: 'red cap' }, META);
    expect(buildSearchBody({ ...base, text: 'red cap', synonyms: [] }, META)).toEqual(plain);
    expect(plain.query).toEqual({ bool: { filter: [MARKET], must: [word('red'), word('cap')] } });
  });

  it('typo neighbours are looked up for every word of every alternative, not for the words a rewrite replaced', () => {
    expect(
      typoWords('red running shoes', [
        { start: 1, length: 2, alternatives: ['trainers', 'sneaker boots', 'running shoes'] },
      ]),
    ).toEqual(['trainers', 'sneaker', 'boots', 'running', 'shoes']);
    expect(typoWords('cheap trainers', [{ start: 1, length: 1, alternatives: ['Sneakers'] }])).toEqual([
      'cheap',
      'sneakers',
    ]);
  });
});

// Ids query: https://www.elastic.co/guide/en/elasticsearch/reference/8.18/query-dsl-ids-query.html (documents are
// written with the product id as `_id`).
describe('hide', () => {
  it('hidden products are a must_not ids query of the main query, so they leave hits, total and facets', () => {
    const body = buildSearchBody({ ...base, hide: ['p1', 'p2'], facets: [{ kind: 'terms', key: 'brand' }] }, META);
    expect(body.query).toEqual({ bool: { filter: [MARKET], must_not: [{ ids: { values: ['p1', 'p2'] } }] } });
    expect(body.aggs).toEqual({
      context_0: {
        filter: { match_all: {} },
        aggs: {
          facet_0: {
            terms: { field: 'facetLabels.brand.en', size: 10_000, order: [{ _count: 'desc' }, { _key: 'asc' }] },
          },
        },
      },
    });
  });

  it('an empty hide list changes nothing', () => {
    expect(buildSearchBody({ ...base, text: 'cap', hide: [] }, META)).toEqual(
      buildSearchBody({ ...base, text: 'cap' }, META),
    );
  });
});

// constant_score with boost 0: https://www.elastic.co/guide/en/elasticsearch/reference/8.18/query-dsl-constant-score-query.html
describe('pins in the main query', () => {
  const pins = [
    { id: 'p9', position: 1 },
    { id: 'p3', position: 2 },
    { id: 'p9', position: 5 },
  ];

  it('with text: the text or a pinned id, the pinned side scoring 0 so a pin scores its text score', () => {
    const body = buildSearchBody({ ...base, text: 'cap', pins, hide: ['p3'] }, META);
    expect(body).toEqual({
      query: {
        bool: {
          filter: [MARKET],
          must: [
            {
              bool: {
                should: [
                  { bool: { must: [word('cap')] } },
                  { constant_score: { filter: { ids: { values: ['p9', 'p3'] } }, boost: 0 } },
                ],
                minimum_should_match: 1,
              },
            },
          ],
          // A hidden product stays hidden when pinned: must_not wins over the should.
          must_not: [{ ids: { values: ['p3'] } }],
        },
      },
      sort: [{ _score: { order: 'desc' } }, { id: { order: 'asc' } }],
      from: 0,
      size: 24,
      track_total_hits: true,
      track_scores: true,
      _source: ['id', 'card'],
    });
  });

  it('without text every product passing the filters is in the answer already: the query is unchanged', () => {
    expect(buildSearchBody({ ...base, pins }, META)).toEqual(buildSearchBody(base, META));
  });

  it('clause helpers: ids, distinct pinned ids, unchanged text without pins', () => {
    expect(idsQuery(['a', 'b'])).toEqual({ ids: { values: ['a', 'b'] } });
    expect(pinIds(pins)).toEqual(['p9', 'p3']);
    expect(pinnedText([word('cap')], [])).toEqual([word('cap')]);
    expect(pinnedText([], ['p9'])).toEqual([]);
  });

  it('present pins: those found, in request order, each product once (its first pin)', () => {
    expect(presentPins(pins, new Set(['p9']))).toEqual([{ id: 'p9', position: 1 }]);
    expect(
      presentPins(
        [
          { id: 'a', position: 4 },
          { id: 'b', position: 1 },
          { id: 'a', position: 2 },
        ],
        new Set(['a', 'b']),
      ),
    ).toEqual([
      { id: 'a', position: 4 },
      { id: 'b', position: 1 },
    ]);
  });
});
