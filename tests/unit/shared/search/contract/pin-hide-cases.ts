import type { FacetResult, SearchRequest } from '../../../../../shared/search';
import { type ContractContext, anyOf, ids, idSet, listing } from './context';

/** value -> count of a terms facet. */
function counts(result: FacetResult | undefined): Record<string, number> {
  if (result === undefined || result.kind !== 'terms') throw new Error('not a terms facet');
  return Object.fromEntries(result.values.map((v) => [v.value, v.count]));
}

const BRAND = { kind: 'terms', key: 'brand' } as const;

/** Pins (placed at positions of every sort, counted like matches) and hidden products. */
export function pinHideCases(ctx: ContractContext): void {
  const search = (extra: Partial<SearchRequest>) => ctx.engine().search(ctx.target(), listing(extra));
  const pages = (extra: Partial<SearchRequest>, count: number) =>
    Promise.all(Array.from({ length: count }, (_, i) => search({ ...extra, page: i + 1, pageSize: 4 })));

  describe('merchandising: pins', () => {
    it('pins take positions 1 and 3 of page 1; the rest keep their order; page 2 continues without repeats', async () => {
      const pins = [
        { id: 'p03', position: 3 },
        { id: 'p08', position: 1 },
      ];
      const [plain, paged] = await Promise.all([search({}), pages({ pins }, 3)]);
      const natural = ids(plain).filter((id) => id !== 'p03' && id !== 'p08');
      const [first, second, third] = paged.map(ids);
      expect(first).toEqual(['p08', natural[0], 'p03', natural[1]]);
      expect(first).toEqual(['p08', 'p09', 'p03', 'p04']);
      expect(second).toEqual(natural.slice(2, 6));
      expect(third).toEqual(natural.slice(6));
      expect(paged.map((p) => p.total)).toEqual([11, 11, 11]);
    });

    it('a pin not matching the text is in the answer, counted in total and facets, with score 0', async () => {
      const [plain, pinned] = await Promise.all([
        search({ text: 'jacket', facets: [BRAND] }),
        search({ text: 'jacket', facets: [BRAND], pins: [{ id: 'p01', position: 2 }] }),
      ]);
      expect(ids(pinned)).toEqual([ids(plain)[0], 'p01', ...ids(plain).slice(1)]);
      expect(pinned.total).toBe(plain.total + 1);
      expect(pinned.hits[1]?.score).toBe(0);
      expect(counts(pinned.facets[0])).toEqual({
        ...counts(plain.facets[0]),
        nike: (counts(plain.facets[0]).nike ?? 0) + 1,
      });
    });

    it('a pinned match keeps its text score', async () => {
      const [plain, pinned] = await Promise.all([
        search({ text: 'jacket' }),
        search({ text: 'jacket', pins: [{ id: 'p06', position: 1 }] }),
      ]);
      expect(ids(pinned)).toEqual(['p06', ...ids(plain).filter((id) => id !== 'p06')]);
      expect(pinned.hits[0]?.score).toBeCloseTo(plain.hits.find((h) => h.id === 'p06')?.score ?? -1, 5);
      expect(pinned.total).toBe(plain.total);
    });

    it('a pin is counted in relaxed facets when it passes the other filters', async () => {
      const request = { text: 'jacket', filters: [anyOf('brand', 'nike')], facets: [BRAND] };
      const [plain, pinned] = await Promise.all([
        search(request),
        search({
          ...request,
          pins: [
            { id: 'p01', position: 1 },
            { id: 'p02', position: 2 },
          ],
        }),
      ]);
      expect(ids(plain)).toEqual(['p08']);
      // p02 (adidas) fails the brand filter: absent from the hits, yet counted where brand is relaxed.
      expect(ids(pinned)).toEqual(['p01', 'p08']);
      expect(counts(pinned.facets[0])).toEqual({ ...counts(plain.facets[0]), nike: 2, adidas: 1 });
    });

    it('a pin outside the filters, the scope or the market is absent', async () => {
      const filtered = await search({ filters: [anyOf('brand', 'adidas')], pins: [{ id: 'p01', position: 1 }] });
      expect(idSet(filtered)).toEqual(['p02', 'p07', 'p12']);
      const scoped = await search({ scope: [anyOf('brand', 'adidas')], pins: [{ id: 'p01', position: 1 }] });
      expect(scoped.total).toBe(3);
      const elsewhere = await search({
        text: 'belt',
        pins: [
          { id: 'p10', position: 1 },
          { id: 'nope', position: 2 },
        ],
      });
      expect(elsewhere.total).toBe(0);
      expect(ids(await search({ market: 'de', text: 'belt', pins: [{ id: 'p05', position: 1 }] }))).toEqual(['p10']);
    });

    it('pins past the end are packed at the end, in order', async () => {
      const [plain, pinned] = await Promise.all([
        search({ text: 'jacket' }),
        search({
          text: 'jacket',
          pins: [
            { id: 'p02', position: 20 },
            { id: 'p01', position: 10 },
          ],
        }),
      ]);
      expect(ids(pinned)).toEqual([...ids(plain), 'p01', 'p02']);
      expect(pinned.total).toBe(6);
    });

    it('pins keep their positions under other sorts', async () => {
      const pins = [
        { id: 'p05', position: 1 },
        { id: 'p06', position: 3 },
      ];
      for (const sort of ['price_asc', 'newest', 'name_asc'] as const) {
        const [plain, pinned] = await Promise.all([search({ sort }), search({ sort, pins })]);
        const natural = ids(plain).filter((id) => id !== 'p05' && id !== 'p06');
        expect({ sort, ids: ids(pinned) }).toEqual({ sort, ids: ['p05', natural[0], 'p06', ...natural.slice(1)] });
      }
      expect(ids(await search({ sort: 'price_asc', pins, pageSize: 4 }))).toEqual(['p05', 'p09', 'p06', 'p11']);
    });

    it('pins under a non-relevance sort with text: positions kept, matched pins scored, others 0', async () => {
      const pinned = await search({
        text: 'jacket',
        sort: 'price_asc',
        pins: [
          { id: 'p04', position: 1 },
          { id: 'p09', position: 2 },
        ],
      });
      expect(ids(pinned)).toEqual(['p04', 'p09', 'p06', 'p08', 'p05']);
      expect(pinned.hits[0]?.score).toBeGreaterThan(0);
      expect(pinned.hits[1]?.score).toBe(0);
    });
  });

  describe('merchandising: hide', () => {
    it('a hidden product leaves hits, total and facet counts; unknown ids are ignored', async () => {
      const [plain, hidden] = await Promise.all([
        search({ facets: [BRAND] }),
        search({ facets: [BRAND], hide: ['p09', 'p10', 'nope'] }),
      ]);
      expect(ids(hidden)).toEqual(ids(plain).filter((id) => id !== 'p09'));
      expect(hidden.total).toBe(10);
      expect(counts(hidden.facets[0]).hm).toBeUndefined();
      expect(counts(plain.facets[0]).hm).toBe(1);
    });

    it('hidden beats pinned', async () => {
      const [plain, both] = await Promise.all([
        search({ text: 'jacket' }),
        search({
          text: 'jacket',
          hide: ['p01', 'p05'],
          pins: [
            { id: 'p01', position: 1 },
            { id: 'p05', position: 2 },
          ],
        }),
      ]);
      expect(ids(both)).toEqual(ids(plain).filter((id) => id !== 'p05'));
      expect(both.total).toBe(3);
    });

    it('a hidden product stays out of relaxed facet counts', async () => {
      const response = await search({ filters: [anyOf('brand', 'adidas')], facets: [BRAND], hide: ['p09'] });
      expect(counts(response.facets[0]).hm).toBeUndefined();
      expect(counts(response.facets[0]).adidas).toBe(3);
    });
  });
}
