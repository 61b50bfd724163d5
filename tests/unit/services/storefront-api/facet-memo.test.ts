import type { SearchRequest } from '../../../../shared/search';
import { EmbeddedSearchEngine } from '../../../../shared/search/embedded/lifecycle/embedded-engine';
import { FacetMemo, facetContextKey } from '../../../../services/storefront-api/listing/facet-memo';
import { fixtureDocuments } from '../../shared/search/contract/fixture';

const FACETS: SearchRequest['facets'] = [
  { kind: 'terms', key: 'brand', size: 10 },
  { kind: 'terms', key: 'color', size: 10 },
  { kind: 'range', key: 'price.se' },
];
const BASE: SearchRequest = {
  language: 'en',
  market: 'se',
  text: 'shoes',
  filters: [{ kind: 'terms', key: 'color', values: ['red', 'black'], match: 'any' }],
  facets: FACETS,
  pageSize: 2,
};

async function engineWith(count: number): Promise<EmbeddedSearchEngine> {
  const engine = new EmbeddedSearchEngine();
  await engine.createIndex('shop-1', { languages: ['en'] });
  await engine.bulk(
    'shop-1',
    fixtureDocuments()
      .slice(0, count)
      .map((document) => ({ action: 'index', document })),
  );
  await engine.refresh('shop-1');
  await engine.swapAlias('shop', 'shop-1');
  return engine;
}

describe('facetContextKey', () => {
  it('is the same for requests differing only in sort and page', () => {
    const key = facetContextKey('shop', BASE);
    expect(facetContextKey('shop', { ...BASE, sort: 'price_asc', page: 3, pageSize: 10 })).toBe(key);
  });

  it('differs with the alias, text, language, market, scope, filters and facets', () => {
    const key = facetContextKey('shop', BASE);
    const others = [
      facetContextKey('preview', BASE),
      facetContextKey('shop', { ...BASE, text: 'jacket' }),
      facetContextKey('shop', { ...BASE, language: 'sv' }),
      facetContextKey('shop', { ...BASE, market: 'de' }),
      facetContextKey('shop', { ...BASE, scope: [{ kind: 'terms', key: 'brand', values: ['nike'], match: 'any' }] }),
      facetContextKey('shop', { ...BASE, filters: [] }),
      facetContextKey('shop', { ...BASE, facets: FACETS?.slice(1) }),
    ];
    expect(new Set([key, ...others]).size).toBe(others.length + 1);
  });
});

describe('FacetMemo', () => {
  it('answers every sort and page exactly as the engine does, reusing the facets of the context', async () => {
    const engine = await engineWith(12);
    const memo = new FacetMemo();
    const token = engine.servingToken('shop');
    const first = await memo.search(engine, 'shop', BASE, token);
    for (const sort of ['relevance', 'price_asc', 'price_desc', 'name_asc', 'newest'] as const) {
      for (const page of [1, 2, 3]) {
        const request = { ...BASE, sort, page };
        const answer = await memo.search(engine, 'shop', request, token);
        expect(answer).toEqual(await engine.search('shop', request));
        expect(answer.facets).toBe(first.facets);
      }
    }
    expect(memo.holds(first.facets)).toBe(true);
  });

  it('computes the facets again once the engine serves another generation', async () => {
    const engine = await engineWith(12);
    const memo = new FacetMemo();
    const before = await memo.search(engine, 'shop', BASE, engine.servingToken('shop'));
    await engine.bulk(
      'shop-1',
      fixtureDocuments()
        .slice(0, 6)
        .map((d) => ({ action: 'delete', id: d.id })),
    );
    await engine.refresh('shop-1');
    const after = await memo.search(engine, 'shop', { ...BASE, page: 2 }, engine.servingToken('shop'));
    expect(after).toEqual(await engine.search('shop', { ...BASE, page: 2 }));
    expect(after.facets).not.toEqual(before.facets);
  });

  it('leaves searches without a serving token to the engine', async () => {
    const engine = await engineWith(12);
    const memo = new FacetMemo();
    const first = await memo.search(engine, 'shop', BASE, null);
    const second = await memo.search(engine, 'shop', { ...BASE, page: 2 }, null);
    expect(second.facets).toEqual(first.facets);
    expect(second.facets).not.toBe(first.facets);
    expect([memo.holds(first.facets), memo.holds(second.facets)]).toEqual([false, false]);
  });

  it('keeps at most its bound of contexts, the least recently used out first', async () => {
    const engine = await engineWith(12);
    const memo = new FacetMemo(2);
    const token = engine.servingToken('shop');
    const red = await memo.search(engine, 'shop', BASE, token);
    const blue = {
      ...BASE,
      filters: [{ kind: 'terms' as const, key: 'color', values: ['blue'], match: 'any' as const }],
    };
    await memo.search(engine, 'shop', blue, token);
    await memo.search(engine, 'shop', { ...BASE, page: 2 }, token); // red is now the most recent
    await memo.search(engine, 'shop', { ...BASE, filters: [] }, token); // evicts blue
    expect((await memo.search(engine, 'shop', { ...BASE, page: 3 }, token)).facets).toBe(red.facets);
    const blueAgain = await memo.search(engine, 'shop', { ...blue, page: 2 }, token);
    expect(blueAgain.facets).toEqual((await engine.search('shop', blue)).facets);
    expect((await memo.search(engine, 'shop', blue, token)).facets).toBe(blueAgain.facets);
  });
});
