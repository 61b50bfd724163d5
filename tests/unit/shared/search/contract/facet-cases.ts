import type { FacetResult } from '../../../../../shared/search';
import { type ContractContext, allOf, anyOf, listing, range } from './context';

/** value -> count of a terms or hierarchy facet, in result order. */
function counts(result: FacetResult | undefined): [string, number][] {
  if (result === undefined || (result.kind !== 'terms' && result.kind !== 'hierarchy'))
    throw new Error('not a value facet');
  return result.values.map((v) => [v.value, v.count]);
}

/** Counts in the filter context, disjunctive relaxation, hierarchy levels, stats and labels. */
export function facetCases(ctx: ContractContext): void {
  const search = (extra: Parameters<typeof listing>[0]) => ctx.engine().search(ctx.target(), listing(extra));

  describe('facets', () => {
    it('counts follow the filter context, by count then value', async () => {
      const response = await search({ filters: [anyOf('brand', 'adidas')], facets: [{ kind: 'terms', key: 'size' }] });
      expect(counts(response.facets[0])).toEqual([
        ['42', 2],
        ['m', 1],
        ['s', 1],
      ]);
    });

    it('an any facet ignores its own selection but not the others (disjunctive)', async () => {
      const response = await search({
        filters: [anyOf('color', 'red'), anyOf('brand', 'nike')],
        facets: [
          { kind: 'terms', key: 'color' },
          { kind: 'terms', key: 'brand' },
          { kind: 'terms', key: 'size' },
        ],
      });
      expect(response.total).toBe(2);
      expect(counts(response.facets[0])).toEqual([
        ['black', 2],
        ['red', 2],
        ['white', 1],
      ]);
      expect(counts(response.facets[1])).toEqual([
        ['nike', 2],
        ['adidas', 1],
        ['hm', 1],
      ]);
      expect(counts(response.facets[2])).toEqual([
        ['42', 1],
        ['43', 1],
        ['m', 1],
      ]);
    });

    it('an all facet counts within its own selection', async () => {
      const response = await search({
        filters: [allOf('material', 'polyester', 'wool')],
        facets: [{ kind: 'terms', key: 'material' }],
      });
      expect(counts(response.facets[0])).toEqual([
        ['polyester', 1],
        ['wool', 1],
      ]);
    });

    it('scope is never relaxed, even for the facet of its own key', async () => {
      const response = await search({ scope: [anyOf('brand', 'adidas')], facets: [{ kind: 'terms', key: 'brand' }] });
      expect(counts(response.facets[0])).toEqual([['adidas', 3]]);
    });

    it('hierarchy counts every level, with depth and parent', async () => {
      const response = await search({ facets: [{ kind: 'hierarchy', key: 'category' }] });
      const facet = response.facets[0];
      expect(counts(facet).slice(0, 4)).toEqual([
        ['clothing', 6],
        ['shoes', 5],
        ['clothing/jackets', 3],
        ['shoes/running', 3],
      ]);
      expect(counts(facet)).toHaveLength(12);
      const trail =
        facet?.kind === 'hierarchy' ? facet.values.find((v) => v.value === 'shoes/running/trail') : undefined;
      expect(trail).toMatchObject({ count: 1, depth: 3, parent: 'shoes/running' });
      const root = facet?.kind === 'hierarchy' ? facet.values.find((v) => v.value === 'shoes') : undefined;
      expect(root).toMatchObject({ depth: 1, parent: null, label: 'Shoes' });
    });

    it('a hierarchy facet relaxes its own any selection', async () => {
      const response = await search({
        filters: [
          { kind: 'hierarchy', key: 'category', paths: ['shoes/running'], match: 'any' },
          anyOf('color', 'black'),
        ],
        facets: [{ kind: 'hierarchy', key: 'category' }],
      });
      expect(response.total).toBe(1);
      expect(counts(response.facets[0])).toEqual([
        ['shoes', 2],
        ['accessories', 1],
        ['accessories/caps', 1],
        ['clothing', 1],
        ['clothing/jackets', 1],
        ['shoes/boots', 1],
        ['shoes/running', 1],
      ]);
    });

    it('range stats ignore the range filter on the same key', async () => {
      const response = await search({
        filters: [range('minTemp', -10, -2), anyOf('color', 'red')],
        facets: [
          { kind: 'range', key: 'minTemp' },
          { kind: 'range', key: 'price.se' },
        ],
      });
      expect(response.total).toBe(0);
      expect(response.facets[0]).toEqual({ kind: 'range', key: 'minTemp', min: 0, max: 15, count: 3 });
      expect(response.facets[1]).toEqual({ kind: 'range', key: 'price.se', min: null, max: null, count: 0 });
    });

    it('range stats over the market without filters', async () => {
      const response = await search({
        facets: [
          { kind: 'range', key: 'price.se' },
          { kind: 'range', key: 'minTemp' },
        ],
      });
      expect(response.facets[0]).toEqual({ kind: 'range', key: 'price.se', min: 100, max: 2000, count: 11 });
      expect(response.facets[1]).toEqual({ kind: 'range', key: 'minTemp', min: -30, max: 20, count: 10 });
    });

    it('a toggle facet counts true flags in the context', async () => {
      const response = await search({
        filters: [anyOf('brand', 'nike')],
        facets: [{ kind: 'toggle', key: 'inStock.se' }],
      });
      expect(response.facets[0]).toEqual({ kind: 'toggle', key: 'inStock.se', count: 3 });
    });

    it('size cuts the list and reports truncation', async () => {
      const response = await search({
        facets: [
          { kind: 'terms', key: 'color', size: 2 },
          { kind: 'terms', key: 'brand', size: 10 },
        ],
      });
      const [color, brand] = response.facets;
      expect(color).toMatchObject({ truncated: true });
      expect(counts(color)).toEqual([
        ['red', 4],
        ['black', 3],
      ]);
      expect(brand).toMatchObject({ truncated: false });
    });

    it('labels come in the request language, null when none was indexed', async () => {
      const sv = await search({
        language: 'sv',
        facets: [
          { kind: 'hierarchy', key: 'category' },
          { kind: 'terms', key: 'color' },
        ],
      });
      const [category, color] = sv.facets;
      const jackets =
        category?.kind === 'hierarchy' ? category.values.find((v) => v.value === 'clothing/jackets') : undefined;
      expect(jackets?.label).toBe('Jackor');
      expect(color?.kind === 'terms' ? color.values[0]?.label : 'missing').toBeNull();
    });

    it('an unknown facet key yields an empty facet, results in request order', async () => {
      const response = await search({
        facets: [
          { kind: 'terms', key: 'nope' },
          { kind: 'toggle', key: 'inStock.se' },
        ],
      });
      expect(response.facets.map((f) => f.key)).toEqual(['nope', 'inStock.se']);
      expect(counts(response.facets[0])).toEqual([]);
    });
  });
}
