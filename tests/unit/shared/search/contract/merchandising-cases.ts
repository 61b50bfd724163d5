import type { SearchRequest, SearchResponse } from '../../../../../shared/search';
import { type ContractContext, anyOf, ids, idSet, listing } from './context';
import { FIXTURE_SETTINGS, fixtureDocuments } from './fixture';
import { pinHideCases } from './pin-hide-cases';
import { synonymCases } from './synonym-cases';
import { tierCases } from './tier-cases';

const FACETS = [
  { kind: 'terms', key: 'brand' },
  { kind: 'terms', key: 'color' },
] as const;

/** Requests mixing every merchandising field, with orders that no score tie could flip. */
const MIXED: Partial<SearchRequest>[] = [
  {
    pins: [
      { id: 'p08', position: 1 },
      { id: 'p04', position: 3 },
    ],
    boost: [[anyOf('brand', 'nike')]],
    hide: ['p09'],
  },
  { pins: [{ id: 'p01', position: 2 }], text: 'jacket', bury: [[anyOf('brand', 'fjallraven')]], page: 2, pageSize: 2 },
  {
    pins: [
      { id: 'p04', position: 2 },
      { id: 'p12', position: 30 },
    ],
    sort: 'price_desc',
    hide: ['p05'],
    filters: [anyOf('color', 'red', 'green', 'blue')],
  },
  {
    text: 'boots',
    synonyms: [{ start: 0, length: 1, alternatives: ['boots', 'rain jacket'] }],
    hide: ['p03'],
    pins: [{ id: 'p09', position: 1 }],
  },
];

/**
 * Synonyms, pins, hidden products, boosts and buries (SearchRequest's merchandising fields), on the fixture and
 * on an index where some products were re-indexed after the first refresh (the embedded engine then answers
 * from a base and a delta segment).
 */
export function merchandisingCases(ctx: ContractContext): void {
  synonymCases(ctx);
  pinHideCases(ctx);
  tierCases(ctx);

  describe('merchandising: after updates', () => {
    const name = ctx.unique('merch-delta');
    const docs = fixtureDocuments();
    const search = (target: string, extra: Partial<SearchRequest>) =>
      ctx.engine().search(target, listing({ ...extra, facets: [...FACETS] }));
    const comparable = (response: SearchResponse) => ({
      ids: ids(response),
      total: response.total,
      facets: response.facets,
    });

    beforeAll(async () => {
      await ctx.engine().createIndex(name, FIXTURE_SETTINGS);
      await ctx.engine().bulk(
        name,
        docs.map((document) => ({ action: 'index', document })),
      );
      await ctx.engine().refresh(name);
      const changed = docs.filter((d) => ['p04', 'p08', 'p09', 'p11'].includes(d.id));
      await ctx.engine().bulk(
        name,
        changed.map((document) => ({ action: 'index', document })),
      );
      await ctx.engine().refresh(name);
    });

    it.each(MIXED.map((request, i) => [i, request] as const))(
      'request %i answers as on the fixture',
      async (_, request) => {
        const [fixture, updated] = await Promise.all([search(ctx.target(), request), search(name, request)]);
        expect(comparable(updated)).toEqual(comparable(fixture));
        expect(fixture.hits.length).toBeGreaterThan(0);
      },
    );

    it('a pinned product living in the update is placed once, where pinned', async () => {
      const response = await search(name, {
        pins: [
          { id: 'p11', position: 1 },
          { id: 'p04', position: 2 },
        ],
        hide: ['p08'],
      });
      expect(ids(response).slice(0, 2)).toEqual(['p11', 'p04']);
      expect(ids(response).filter((id) => id === 'p11' || id === 'p04')).toHaveLength(2);
      expect(idSet(response)).not.toContain('p08');
      expect(response.total).toBe(10);
    });
  });
}
