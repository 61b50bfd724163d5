import type { SearchDocument, SearchResponse } from '../../../../../shared/search';
import { type ContractContext, ids, listing } from './context';
import { FIXTURE_SETTINGS, fixtureDocuments } from './fixture';

const keysOf = (response: SearchResponse) => response.hits.map((h) => h.cardKey);

/**
 * Hits' cards: a card key (where an engine gives them) names one card's bytes, and a hit whose card the caller
 * holds comes without it. An engine giving no keys is never asked, so every case holds for it too.
 */
export function cardCases(ctx: ContractContext): void {
  describe('cards', () => {
    it('leaves out the cards the caller holds and keeps the order, keys and other cards', async () => {
      const first = await ctx.engine().search(ctx.target(), listing({ sort: 'price_asc', pageSize: 4 }));
      const named = keysOf(first).filter((k) => k !== undefined);
      expect(new Set(named).size).toBe(named.length);
      const held = new Set(named.slice(0, 2));
      const asked: string[] = [];
      const again = await ctx.engine().search(ctx.target(), listing({ sort: 'price_asc', pageSize: 6 }), {
        holdsCard: (key) => {
          asked.push(key);
          return held.has(key);
        },
      });
      expect(ids(again).slice(0, 4)).toEqual(ids(first));
      expect(keysOf(again).slice(0, 4)).toEqual(keysOf(first));
      expect(asked).toEqual(keysOf(again).filter((k) => k !== undefined));
      expect(again.hits.map((h) => h.card === null)).toEqual(
        again.hits.map((h) => h.cardKey !== undefined && held.has(h.cardKey)),
      );
      for (const [i, hit] of first.hits.entries())
        if (again.hits[i]?.card !== null) expect(again.hits[i]?.card).toEqual(hit.card);
    });

    it('names a document written again by a new key', async () => {
      const name = ctx.unique('card-keys');
      const doc = fixtureDocuments()[0] as SearchDocument;
      await ctx.engine().createIndex(name, FIXTURE_SETTINGS);
      await ctx.engine().bulk(name, [{ action: 'index', document: doc }]);
      await ctx.engine().refresh(name);
      const before = (await ctx.engine().search(name, listing())).hits[0];
      const card = { ...(doc.card as Record<string, unknown>), changed: true };
      await ctx.engine().bulk(name, [{ action: 'index', document: { ...doc, card } }]);
      await ctx.engine().refresh(name);
      const after = (await ctx.engine().search(name, listing())).hits[0];
      expect(after?.card).toEqual(card);
      if (before?.cardKey !== undefined) expect(after?.cardKey).not.toBe(before.cardKey);
    });
  });
}
