import { type ContractContext, allOf, anyOf, ids, idSet, listing, range } from './context';

/** Terms, hierarchy, range and toggle filters; market and scope. */
export function filterCases(ctx: ContractContext): void {
  const search = (filters: Parameters<typeof listing>[0]) => ctx.engine().search(ctx.target(), listing(filters));

  describe('filters', () => {
    it('terms any ORs the values', async () => {
      expect(idSet(await search({ filters: [anyOf('color', 'green', 'grey')] }))).toEqual(['p04', 'p06']);
    });

    it('terms all ANDs the values', async () => {
      expect(idSet(await search({ filters: [allOf('material', 'polyester', 'wool')] }))).toEqual(['p08']);
    });

    it('unknown values match nothing under any and all', async () => {
      expect((await search({ filters: [anyOf('color', 'purple')] })).total).toBe(0);
      expect((await search({ filters: [allOf('color', 'red', 'purple')] })).total).toBe(0);
    });

    it('an empty value list constrains nothing (collection "all")', async () => {
      expect((await search({ filters: [anyOf('color')] })).total).toBe(11);
    });

    it('filters on different keys are ANDed', async () => {
      expect(idSet(await search({ filters: [anyOf('color', 'red'), anyOf('brand', 'nike')] }))).toEqual(['p01', 'p08']);
    });

    it('a hierarchy path matches its whole subtree', async () => {
      const response = await search({
        filters: [{ kind: 'hierarchy', key: 'category', paths: ['shoes/running'], match: 'any' }],
      });
      expect(idSet(response)).toEqual(['p01', 'p02', 'p11']);
    });

    it('hierarchy any ORs paths and all ANDs them', async () => {
      const any = await search({
        filters: [{ kind: 'hierarchy', key: 'category', paths: ['shoes/boots', 'clothing/socks'], match: 'any' }],
      });
      expect(idSet(any)).toEqual(['p03', 'p06']);
      const all = await search({
        filters: [{ kind: 'hierarchy', key: 'category', paths: ['accessories', 'shoes/running'], match: 'all' }],
      });
      expect(idSet(all)).toEqual(['p11']);
    });

    it('a closed range includes both bounds', async () => {
      expect(idSet(await search({ filters: [range('minTemp', 0, 10)] }))).toEqual(['p01', 'p02', 'p07']);
    });

    it('a range with an open upper bound', async () => {
      expect(idSet(await search({ filters: [range('price.se', 1500, null)] }))).toEqual(['p03', 'p04', 'p05', 'p08']);
    });

    it('a range with an open lower bound', async () => {
      expect(idSet(await search({ filters: [range('price.se', null, 300)] }))).toEqual(['p06', 'p09', 'p11']);
    });

    it('negative bounds: minus ten to minus two', async () => {
      expect(idSet(await search({ filters: [range('minTemp', -10, -2)] }))).toEqual(['p04', 'p06', 'p11']);
    });

    it('negative lower bound, open upper bound', async () => {
      expect(idSet(await search({ filters: [range('minTemp', -10, null)] }))).toEqual([
        'p01',
        'p02',
        'p04',
        'p06',
        'p07',
        'p09',
        'p11',
        'p12',
      ]);
    });

    it('open lower bound, negative upper bound', async () => {
      expect(idSet(await search({ filters: [range('minTemp', null, -2)] }))).toEqual([
        'p03',
        'p04',
        'p05',
        'p06',
        'p11',
      ]);
    });

    it('a range whose lower bound exceeds the upper matches nothing', async () => {
      expect((await search({ filters: [range('minTemp', 5, 0)] })).total).toBe(0);
    });

    it('a fully open range still needs the number to exist', async () => {
      const response = await search({ filters: [range('minTemp', null, null)] });
      expect(response.total).toBe(10);
      expect(ids(response)).not.toContain('p08');
    });

    it('a toggle matches documents whose flag is true', async () => {
      expect(idSet(await search({ filters: [{ kind: 'toggle', key: 'inStock.se' }] }))).toEqual([
        'p01',
        'p02',
        'p04',
        'p05',
        'p06',
        'p08',
        'p09',
        'p11',
      ]);
    });

    it('only documents sellable on the market appear', async () => {
      const se = await search({});
      const de = await search({ market: 'de' });
      expect(se.total).toBe(11);
      expect(ids(se)).not.toContain('p10');
      expect(de.total).toBe(11);
      expect(ids(de)).not.toContain('p05');
      expect((await search({ market: 'nowhere' })).total).toBe(0);
    });

    it('scope filters apply like filters', async () => {
      expect(idSet(await search({ scope: [anyOf('brand', 'adidas')], filters: [anyOf('color', 'blue')] }))).toEqual([
        'p02',
        'p12',
      ]);
    });
  });
}
