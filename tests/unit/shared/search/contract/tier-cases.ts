import type { Filter, SearchRequest, SearchResponse } from '../../../../../shared/search';
import { type ContractContext, anyOf, ids, listing } from './context';

const BRAND = { kind: 'terms', key: 'brand' } as const;
const COLOR = { kind: 'terms', key: 'color' } as const;

/** The ids of `order` in rank tiers: those `up` accepts and `down` does not first, the reverse last. */
function tiered(order: readonly string[], up: ReadonlySet<string>, down: ReadonlySet<string> = new Set()): string[] {
  const tier = (id: string) => (up.has(id) === down.has(id) ? 0 : up.has(id) ? 1 : -1);
  return [1, 0, -1].flatMap((t) => order.filter((id) => tier(id) === t));
}

/** Boost and bury: rank tiers over relevance order, nothing else changes. */
export function tierCases(ctx: ContractContext): void {
  const search = (extra: Partial<SearchRequest>) => ctx.engine().search(ctx.target(), listing(extra));
  const idsOf = async (...filters: Filter[]) => new Set(ids(await search({ filters })));
  const same = (a: SearchResponse, b: SearchResponse) =>
    expect({ total: a.total, facets: a.facets }).toEqual({ total: b.total, facets: b.facets });

  describe('merchandising: boost and bury', () => {
    it('boost moves matching products first in relevance order, total and facets unchanged', async () => {
      const [plain, boosted, adidas] = await Promise.all([
        search({ facets: [BRAND] }),
        search({ facets: [BRAND], boost: [[anyOf('brand', 'adidas')]] }),
        idsOf(anyOf('brand', 'adidas')),
      ]);
      expect(ids(boosted)).toEqual(tiered(ids(plain), adidas));
      expect(ids(boosted).slice(0, 4)).toEqual(['p07', 'p02', 'p12', 'p09']);
      same(boosted, plain);
    });

    it('with text, each tier keeps score order', async () => {
      const request = { text: 'running', facets: [COLOR] };
      const [plain, boosted, adidas] = await Promise.all([
        search(request),
        search({ ...request, boost: [[anyOf('brand', 'adidas')]] }),
        idsOf(anyOf('brand', 'adidas')),
      ]);
      expect(ids(boosted)).toEqual(tiered(ids(plain), adidas));
      expect(ids(boosted).slice(0, 2).sort()).toEqual(['p02', 'p12']);
      expect(ids(boosted)).not.toEqual(ids(plain));
      expect(boosted.hits.map((h) => h.score).sort()).toEqual(plain.hits.map((h) => h.score).sort());
      same(boosted, plain);
    });

    it('bury moves matching products last', async () => {
      const [plain, buried, nike] = await Promise.all([
        search({ facets: [BRAND] }),
        search({ facets: [BRAND], bury: [[anyOf('brand', 'nike')]] }),
        idsOf(anyOf('brand', 'nike')),
      ]);
      expect(ids(buried)).toEqual(tiered(ids(plain), new Set(), nike));
      expect(ids(buried).slice(-4)).toEqual(['p11', 'p01', 'p03', 'p08']);
      same(buried, plain);
    });

    it('a product both boosted and buried stays between', async () => {
      const request = { boost: [[anyOf('brand', 'nike')]], bury: [[anyOf('color', 'red')]] };
      const [plain, mixed, nike, red] = await Promise.all([
        search({}),
        search(request),
        idsOf(anyOf('brand', 'nike')),
        idsOf(anyOf('color', 'red')),
      ]);
      expect(ids(mixed)).toEqual(tiered(ids(plain), nike, red));
      expect(ids(mixed)).toEqual(['p11', 'p03', 'p04', 'p05', 'p01', 'p07', 'p12', 'p06', 'p08', 'p09', 'p02']);
      const cancelled = await search({ boost: [[anyOf('brand', 'nike')]], bury: [[anyOf('brand', 'nike')]] });
      expect(ids(cancelled)).toEqual(ids(plain));
    });

    it('a set ANDs its filters, sets are ORed', async () => {
      const both = await search({ boost: [[anyOf('brand', 'nike'), anyOf('color', 'black')]] });
      expect(ids(both).slice(0, 3)).toEqual(['p11', 'p03', 'p09']);
      const either = await search({ boost: [[anyOf('brand', 'nike')], [anyOf('color', 'black')]] });
      expect(ids(either).slice(0, 6)).toEqual(['p05', 'p11', 'p01', 'p03', 'p08', 'p09']);
    });

    it('other sorts ignore boost and bury', async () => {
      const merchandised = { boost: [[anyOf('brand', 'adidas')]], bury: [[anyOf('brand', 'hm')]] };
      for (const sort of ['price_asc', 'newest'] as const) {
        const [plain, boosted] = await Promise.all([
          search({ sort, text: 'shoes' }),
          search({ sort, text: 'shoes', ...merchandised }),
        ]);
        expect({ sort, ids: ids(boosted) }).toEqual({ sort, ids: ids(plain) });
      }
      expect(ids(await search({ sort: 'price_asc', ...merchandised }))).toEqual(
        ids(await search({ sort: 'price_asc' })),
      );
    });

    it('pages walk the tiers without gaps or repeats', async () => {
      const request = { boost: [[anyOf('color', 'black')]], bury: [[anyOf('brand', 'adidas')]] };
      const [all, ...pages] = await Promise.all([
        search(request),
        ...[1, 2, 3].map((page) => search({ ...request, page, pageSize: 4 })),
      ]);
      expect(pages.flatMap(ids)).toEqual(ids(all));
      expect(ids(all).slice(0, 3)).toEqual(['p05', 'p11', 'p03']);
      expect(ids(all).slice(-3)).toEqual(['p07', 'p02', 'p12']);
    });

    it('pins are placed over the tiered order', async () => {
      const boost = [[anyOf('brand', 'adidas')]];
      const [boosted, pinned] = await Promise.all([
        search({ boost }),
        search({
          boost,
          pins: [
            { id: 'p09', position: 1 },
            { id: 'p12', position: 3 },
          ],
        }),
      ]);
      const natural = ids(boosted).filter((id) => id !== 'p09' && id !== 'p12');
      expect(ids(pinned)).toEqual(['p09', natural[0], 'p12', ...natural.slice(1)]);
      expect(ids(pinned).slice(0, 4)).toEqual(['p09', 'p07', 'p12', 'p02']);
    });
  });
}
