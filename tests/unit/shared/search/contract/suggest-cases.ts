import type { SuggestRequest } from '../../../../../shared/search';
import type { ContractContext } from './context';
import { anyOf } from './context';

/** Suggest (name word prefixes, facet label prefixes) and search-in-facet. */
export function suggestCases(ctx: ContractContext): void {
  const suggest = (q: string, extra: Partial<SuggestRequest> = {}) =>
    ctx.engine().suggest(ctx.target(), { q, language: 'en', market: 'se', facetKeys: ['brand', 'category'], ...extra });
  const hitIds = (r: { hits: { id: string }[] }) => r.hits.map((h) => h.id);

  describe('suggest', () => {
    it('finds names with a word starting with the prefix, by popularity', async () => {
      expect(hitIds(await suggest('ru'))).toEqual(['p11', 'p01', 'p02', 'p12']);
    });

    it('every word of q must prefix some name word', async () => {
      expect(hitIds(await suggest('ru sh'))).toEqual(['p01', 'p02', 'p12']);
    });

    it('returns at most five documents, ties by id', async () => {
      expect(hitIds(await suggest('s'))).toEqual(['p09', 'p01', 'p07', 'p02', 'p12']);
    });

    it('is scoped to the market and language', async () => {
      expect(hitIds(await suggest('le', { market: 'de' }))).toEqual(['p10']);
      expect(hitIds(await suggest('le'))).toEqual([]);
      expect(hitIds(await suggest('lö', { language: 'sv' }))).toEqual(['p11', 'p01', 'p12']);
    });

    it('suggests facet values whose label starts with q, with market counts', async () => {
      const response = await suggest('ni');
      expect(response.values).toEqual([{ key: 'brand', value: 'nike', label: 'Nike', count: 4 }]);
      expect((await suggest('fjall')).values).toEqual([
        { key: 'brand', value: 'fjallraven', label: 'Fjällräven', count: 2 },
      ]);
    });

    it('matches labels in the request language', async () => {
      const response = await suggest('sko', { language: 'sv' });
      expect(response.values).toEqual([{ key: 'category', value: 'shoes', label: 'Skor', count: 5 }]);
    });

    it('caps facet values at ten by count', async () => {
      const response = await suggest('a', { facetKeys: ['brand', 'category', 'size'], valueLimit: 2 });
      expect(response.values.map((v) => [v.key, v.value, v.count])).toEqual([
        ['brand', 'adidas', 3],
        ['category', 'accessories', 1],
      ]);
    });
  });

  describe('facetValues', () => {
    const values = (q: string, filters = [anyOf('color', 'red'), anyOf('brand', 'nike')]) =>
      ctx.engine().facetValues(ctx.target(), { key: 'brand', q, language: 'en', market: 'se', filters });

    it('matches q inside labels, counting in the filter context with its own selection relaxed', async () => {
      expect((await values('i')).values).toEqual([
        { value: 'nike', label: 'Nike', count: 2 },
        { value: 'adidas', label: 'Adidas', count: 1 },
      ]);
    });

    it('without filters counts over the market', async () => {
      expect((await values('A', [])).values.map((v) => [v.value, v.count])).toEqual([
        ['adidas', 3],
        ['fjallraven', 2],
        ['smartwool', 1],
      ]);
    });

    it('an unknown facet has no values', async () => {
      const response = await ctx
        .engine()
        .facetValues(ctx.target(), { key: 'nope', q: 'a', language: 'en', market: 'se' });
      expect(response.values).toEqual([]);
    });
  });
}
