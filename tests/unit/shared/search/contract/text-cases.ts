import { type ContractContext, anyOf, ids, idSet, listing } from './context';

/** Matching and ranking of free text, with analysis in English, Swedish and German. */
export function textCases(ctx: ContractContext): void {
  const search = (text: string, extra: Parameters<typeof listing>[0] = {}) =>
    ctx.engine().search(ctx.target(), listing({ text, ...extra }));

  describe('text', () => {
    it('English stemming: a singular finds plurals', async () => {
      expect(idSet(await search('shoe'))).toEqual(['p01', 'p02', 'p07']);
    });

    it('every word must match somewhere', async () => {
      expect(idSet(await search('rain jacket'))).toEqual(['p04']);
      expect((await search('rain boots')).total).toBe(0);
    });

    it('name matches outrank description-only matches (field boosts)', async () => {
      const response = await search('jacket');
      expect(idSet(response)).toEqual(['p04', 'p05', 'p06', 'p08']);
      expect(ids(response).at(-1)).toBe('p06');
      expect(response.hits[0]?.score).toBeGreaterThan(response.hits[3]?.score ?? Infinity);
    });

    it('brand text is searchable', async () => {
      expect(idSet(await search('smartwool'))).toEqual(['p06']);
    });

    it('case and accents are folded', async () => {
      expect(idSet(await search('FJALLRAVEN'))).toEqual(['p04', 'p05']);
      expect(idSet(await search('fjällräven'))).toEqual(['p04', 'p05']);
    });

    it('Swedish stemming: plural jackor finds jacka', async () => {
      expect(idSet(await search('jackor', { language: 'sv' }))).toEqual(['p04', 'p08']);
    });

    it('Swedish text is only searched in Swedish', async () => {
      expect((await search('jacka', { language: 'en' })).total).toBe(0);
      expect(idSet(await search('läderbälte', { language: 'sv', market: 'de' }))).toEqual(['p10']);
    });

    it('German stemming and folding: schuh, strasse, gurtel', async () => {
      expect(idSet(await search('schuh', { language: 'de' }))).toEqual(['p01', 'p07']);
      expect(idSet(await search('strasse', { language: 'de' }))).toEqual(['p07']);
      expect(idSet(await search('gurtel', { language: 'de', market: 'de' }))).toEqual(['p10']);
    });

    it('one typo is tolerated in words of five or more letters', async () => {
      expect(idSet(await search('jakcet'))).toEqual(['p04', 'p05', 'p06', 'p08']);
      expect(idSet(await search('runnign shoes'))).toEqual(['p01', 'p02']);
    });

    it('no typo tolerance below five letters', async () => {
      expect((await search('rian')).total).toBe(0);
      expect((await search('sosk')).total).toBe(0);
    });

    it('an exact SKU finds its product first, whole or by its parts', async () => {
      expect(ids(await search('NK-RUN-1'))).toEqual(['p01']);
      expect(ids(await search('nkrun1'))).toEqual(['p01']);
    });

    it('text combines with filters and facets', async () => {
      const response = await search('running', {
        filters: [anyOf('brand', 'adidas')],
        facets: [{ kind: 'terms', key: 'brand' }],
      });
      expect(idSet(response)).toEqual(['p02', 'p12']);
      const brand = response.facets[0];
      expect(brand?.kind === 'terms' ? brand.values.map((v) => [v.value, v.count]) : []).toEqual([
        ['adidas', 2],
        ['nike', 2],
      ]);
    });

    it('blank text is a plain listing', async () => {
      expect((await search('   ')).total).toBe(11);
    });
  });
}
