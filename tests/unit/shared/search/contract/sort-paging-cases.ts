import { type ContractContext, anyOf, ids, listing } from './context';

/** Sort orders with ties (always broken by id ascending) and paging edges. */
export function sortPagingCases(ctx: ContractContext): void {
  const search = (extra: Parameters<typeof listing>[0]) => ctx.engine().search(ctx.target(), listing(extra));

  describe('sorting', () => {
    it('price ascending, equal prices by id', async () => {
      expect(ids(await search({ sort: 'price_asc' }))).toEqual([
        'p06',
        'p09',
        'p11',
        'p12',
        'p01',
        'p07',
        'p02',
        'p03',
        'p08',
        'p04',
        'p05',
      ]);
    });

    it('price descending, equal prices still by id ascending', async () => {
      expect(ids(await search({ sort: 'price_desc' }))).toEqual([
        'p04',
        'p05',
        'p08',
        'p03',
        'p02',
        'p01',
        'p07',
        'p12',
        'p11',
        'p09',
        'p06',
      ]);
    });

    it('price sorts use the request market', async () => {
      expect(ids(await search({ market: 'de', sort: 'price_asc', pageSize: 4 }))).toEqual(['p06', 'p09', 'p10', 'p11']);
    });

    it('name ascending uses the request language', async () => {
      const en = ids(await search({ sort: 'name_asc', pageSize: 4 }));
      const sv = ids(await search({ language: 'sv', sort: 'name_asc', pageSize: 4 }));
      expect(en).toEqual(['p09', 'p05', 'p08', 'p04']);
      expect(sv).toEqual(['p09', 'p05', 'p07', 'p04']);
    });

    it('newest first, same creation time by id', async () => {
      expect(ids(await search({ sort: 'newest' }))).toEqual([
        'p12',
        'p11',
        'p09',
        'p08',
        'p07',
        'p06',
        'p04',
        'p05',
        'p03',
        'p02',
        'p01',
      ]);
    });

    it('relevance without text orders by popularity, ties by id', async () => {
      expect(ids(await search({}))).toEqual([
        'p09',
        'p04',
        'p05',
        'p11',
        'p01',
        'p07',
        'p02',
        'p12',
        'p03',
        'p06',
        'p08',
      ]);
    });

    it('sorting applies after filtering', async () => {
      expect(ids(await search({ filters: [anyOf('brand', 'nike')], sort: 'price_desc' }))).toEqual([
        'p08',
        'p03',
        'p01',
        'p11',
      ]);
    });
  });

  describe('paging', () => {
    it('pages follow each other without gaps or overlap', async () => {
      const pages = await Promise.all([1, 2, 3].map((page) => search({ sort: 'price_asc', page, pageSize: 4 })));
      expect(pages.map(ids)).toEqual([
        ['p06', 'p09', 'p11', 'p12'],
        ['p01', 'p07', 'p02', 'p03'],
        ['p08', 'p04', 'p05'],
      ]);
      expect(pages.map((p) => p.total)).toEqual([11, 11, 11]);
    });

    it('a page past the end is empty but keeps the total', async () => {
      const response = await search({
        sort: 'newest',
        page: 4,
        pageSize: 4,
        facets: [{ kind: 'terms', key: 'brand' }],
      });
      expect(response.hits).toEqual([]);
      expect(response.total).toBe(11);
      expect(response.facets[0]?.kind === 'terms' ? response.facets[0].values.length : 0).toBe(5);
    });

    it('defaults to page 1 of 24 and returns the card payload', async () => {
      const response = await ctx.engine().search(ctx.target(), { language: 'en', market: 'se', sort: 'price_asc' });
      expect(response.hits).toHaveLength(11);
      expect(response.hits[0]).toMatchObject({ id: 'p06', card: { id: 'p06', name: 'Wool Socks', price: 100 } });
    });

    it('a deep page (past 10 000 results) is empty with the true total and facets', async () => {
      // Page 418 of 24 starts at 10 008: past Elasticsearch's index.max_result_window, where from + size is a 400.
      const response = await search({
        sort: 'price_asc',
        page: 418,
        pageSize: 24,
        facets: [{ kind: 'terms', key: 'brand' }],
      });
      expect(response.hits).toEqual([]);
      expect(response.total).toBe(11);
      expect(
        response.facets[0]?.kind === 'terms' ? response.facets[0].values.map((v) => [v.value, v.count]) : [],
      ).toEqual([
        ['nike', 4],
        ['adidas', 3],
        ['fjallraven', 2],
        ['hm', 1],
        ['smartwool', 1],
      ]);
    });

    it('a page size above the result window still returns every hit of a small result', async () => {
      const response = await search({ sort: 'price_asc', page: 1, pageSize: 20_000 });
      expect(response.hits).toHaveLength(11);
      expect(response.total).toBe(11);
    });

    it('page size 1 walks a tie in id order', async () => {
      const first = await search({ sort: 'price_desc', page: 1, pageSize: 1 });
      const second = await search({ sort: 'price_desc', page: 2, pageSize: 1 });
      expect([...ids(first), ...ids(second)]).toEqual(['p04', 'p05']);
    });
  });
}
