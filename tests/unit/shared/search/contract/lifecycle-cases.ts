import type { SearchDocument, SearchEngine } from '../../../../../shared/search';
import type { ContractContext } from './context';
import { FIXTURE_SETTINGS, fixtureDocuments } from './fixture';

const SETTINGS = FIXTURE_SETTINGS;

async function indexWith(engine: SearchEngine, name: string, docs: SearchDocument[]): Promise<void> {
  await engine.createIndex(name, SETTINGS);
  const result = await engine.bulk(
    name,
    docs.map((document) => ({ action: 'index' as const, document })),
  );
  expect(result.failures).toEqual([]);
  await engine.refresh(name);
}

/** Index lifecycle: create, bulk failures, refresh visibility, aliases, delete, list. */
export function lifecycleCases(ctx: ContractContext): void {
  const docs = fixtureDocuments();

  describe('index lifecycle', () => {
    it('rejects a taken or invalid index name', async () => {
      const name = ctx.unique('dup');
      await ctx.engine().createIndex(name, SETTINGS);
      await expect(ctx.engine().createIndex(name, SETTINGS)).rejects.toMatchObject({ code: 'INDEX_EXISTS' });
      await expect(ctx.engine().createIndex('Bad Name', SETTINGS)).rejects.toMatchObject({ code: 'INVALID_NAME' });
    });

    it('bulk reports each failed item by position and indexes the rest', async () => {
      const name = ctx.unique('bulk');
      await ctx.engine().createIndex(name, SETTINGS);
      const broken = [
        { ...docs[1], id: '' },
        { ...docs[3], numbers: { 'price.se': 'cheap' } },
      ] as unknown as SearchDocument[];
      const operations = [docs[0], broken[0], docs[2], broken[1], docs[4]].map((document) => ({
        action: 'index' as const,
        document: document as SearchDocument,
      }));
      const result = await ctx.engine().bulk(name, operations);
      expect(result.succeeded).toBe(3);
      expect(result.failures.map((f) => f.position)).toEqual([1, 3]);
      expect(result.failures[1]?.id).toBe('p04');
      expect(result.failures.every((f) => f.reason.length > 0)).toBe(true);
      await ctx.engine().refresh(name);
      expect(await ctx.engine().count(name)).toBe(3);
    });

    it('writes become visible on refresh; delete and re-index apply', async () => {
      const name = ctx.unique('refresh');
      await ctx.engine().createIndex(name, SETTINGS);
      await ctx.engine().bulk(
        name,
        docs.slice(0, 3).map((document) => ({ action: 'index', document })),
      );
      expect(await ctx.engine().count(name)).toBe(0);
      await ctx.engine().refresh(name);
      expect(await ctx.engine().count(name)).toBe(3);
      const renamed = {
        ...(docs[0] as SearchDocument),
        text: { en: { name: 'Renamed Sneaker', brand: '', description: '' } },
      };
      await ctx.engine().bulk(name, [
        { action: 'delete', id: 'p02' },
        { action: 'index', document: renamed },
      ]);
      await ctx.engine().refresh(name);
      expect(await ctx.engine().count(name)).toBe(2);
      const found = await ctx.engine().search(name, { text: 'sneaker', language: 'en', market: 'se' });
      expect(found.hits.map((h) => h.id)).toEqual(['p01']);
    });

    it('swapAlias moves an alias and returns the previous index', async () => {
      const [a, b, alias] = [ctx.unique('swap-a'), ctx.unique('swap-b'), ctx.unique('swap-alias')];
      await indexWith(ctx.engine(), a, docs.slice(0, 2));
      await indexWith(ctx.engine(), b, docs.slice(0, 5));
      expect(await ctx.engine().resolveAlias(alias)).toBeNull();
      expect(await ctx.engine().swapAlias(alias, a)).toBeNull();
      expect(await ctx.engine().swapAlias(alias, b)).toBe(a);
      expect(await ctx.engine().resolveAlias(alias)).toBe(b);
      expect(await ctx.engine().count(alias)).toBe(5);
    });

    it('searches running during a swap each see one whole index', async () => {
      const [a, b, alias] = [ctx.unique('atomic-a'), ctx.unique('atomic-b'), ctx.unique('atomic-alias')];
      await indexWith(ctx.engine(), a, docs.slice(0, 3));
      await indexWith(ctx.engine(), b, docs.slice(3, 9));
      await ctx.engine().swapAlias(alias, a);
      const request = {
        language: 'en',
        market: 'se',
        pageSize: 50,
        facets: [{ kind: 'terms' as const, key: 'brand' }],
      };
      const searches = Array.from({ length: 60 }, () => ctx.engine().search(alias, request));
      const swap = ctx.engine().swapAlias(alias, b);
      searches.push(...Array.from({ length: 60 }, () => ctx.engine().search(alias, request)));
      await swap;
      const after = await ctx.engine().search(alias, request);
      const results = await Promise.all(searches);
      const fromA = new Set(['p01', 'p02', 'p03']);
      for (const result of results) {
        const inA = result.hits.map((h) => fromA.has(h.id));
        expect(inA.every((x) => x) || inA.every((x) => !x)).toBe(true);
        expect(result.total).toBe(result.hits.length);
        const brandTotal =
          result.facets[0]?.kind === 'terms' ? result.facets[0].values.reduce((sum, v) => sum + v.count, 0) : -1;
        expect(brandTotal).toBe(result.total);
      }
      expect(after.total).toBe(6);
    });

    it('deleteIndex drops the index and its aliases', async () => {
      const [name, alias] = [ctx.unique('drop'), ctx.unique('drop-alias')];
      await indexWith(ctx.engine(), name, docs.slice(0, 2));
      await ctx.engine().swapAlias(alias, name);
      await ctx.engine().deleteIndex(name);
      expect(await ctx.engine().resolveAlias(alias)).toBeNull();
      await expect(ctx.engine().search(alias, { language: 'en', market: 'se' })).rejects.toMatchObject({
        code: 'INDEX_NOT_FOUND',
      });
      await expect(ctx.engine().count(name)).rejects.toMatchObject({ code: 'INDEX_NOT_FOUND' });
    });

    it('listIndices filters by prefix, sorted, with aliases and counts', async () => {
      const prefix = ctx.unique('list');
      const [second, first, alias] = [`${prefix}-2`, `${prefix}-1`, `${prefix}-alias`];
      await indexWith(ctx.engine(), second, docs.slice(0, 2));
      await indexWith(ctx.engine(), first, docs.slice(0, 4));
      await ctx.engine().swapAlias(alias, second);
      expect(await ctx.engine().listIndices(prefix)).toEqual([
        { name: first, docCount: 4, aliases: [] },
        { name: second, docCount: 2, aliases: [alias] },
      ]);
    });
  });
}
