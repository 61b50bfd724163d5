import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryAliasStore } from '../../../../../shared/search/embedded/lifecycle/alias-store';
import { EmbeddedSearchEngine } from '../../../../../shared/search/embedded/lifecycle/embedded-engine';
import { SnapshotStore } from '../../../../../shared/search/embedded/snapshot/snapshot-store';
import { fixtureDocuments } from '../contract/fixture';

const LISTING = { language: 'en', market: 'se', pageSize: 50 };

describe('reload after an alias swap (indexer and API process sharing the alias store)', () => {
  let dir = '';

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'aisle-alias-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function build(indexer: EmbeddedSearchEngine, name: string, count: number): Promise<void> {
    await indexer.createIndex(name, { languages: ['en'] });
    await indexer.bulk(
      name,
      fixtureDocuments()
        .slice(0, count)
        .map((document) => ({ action: 'index', document })),
    );
    await indexer.refresh(name);
    await indexer.swapAlias('shop', name);
  }

  it('the API process serves the old index until it syncs, then the new one, and frees the old one', async () => {
    const aliasStore = new InMemoryAliasStore();
    const snapshots = new SnapshotStore(dir);
    const indexer = new EmbeddedSearchEngine({ aliasStore, snapshots });
    const api = new EmbeddedSearchEngine({ aliasStore, snapshots });
    await build(indexer, 'shop-1', 3);
    await expect(api.search('shop', LISTING)).rejects.toMatchObject({ code: 'INDEX_NOT_FOUND' });
    await api.syncAliases();
    expect((await api.search('shop', LISTING)).total).toBe(3);

    await build(indexer, 'shop-2', 6);
    expect(await api.resolveAlias('shop')).toBe('shop-2');
    expect((await api.search('shop', LISTING)).total).toBe(3);
    // While the sync loads the new snapshot from disk (several turns of the event loop), queries keep being
    // answered, from the old index: the alias moves only once the new index is loaded. (A search itself runs
    // synchronously, so "a query in flight during the swap" cannot be observed; queries during the load can.)
    const during = await queriesWhile(api.syncAliases(), () =>
      api.search('shop', LISTING).then(
        (r) => r.total,
        (e: unknown) => e,
      ),
    );
    expect(during.length).toBeGreaterThan(1);
    expect(new Set(during)).toEqual(new Set([3]));
    expect((await api.search('shop', LISTING)).total).toBe(6);
    // The old index still exists (its snapshot is there, unaliased), but the API process no longer serves it.
    expect((await api.listIndices('shop-')).map((i) => [i.name, i.aliases])).toEqual([
      ['shop-1', []],
      ['shop-2', ['shop']],
    ]);
    await expect(api.search('shop-1', LISTING)).rejects.toMatchObject({ code: 'INDEX_NOT_FOUND' });
  });

  it('the in-memory alias store returns previous targets and lists sorted', async () => {
    const store = new InMemoryAliasStore();
    expect(await store.set('b', 'i1')).toBeNull();
    expect(await store.set('a', 'i2')).toBeNull();
    expect(await store.set('b', 'i3')).toBe('i1');
    expect(await store.list()).toEqual([
      { alias: 'a', index: 'i2' },
      { alias: 'b', index: 'i3' },
    ]);
    await store.delete('a');
    expect(await store.get('a')).toBeNull();
  });
});

/** Runs `query` again and again (yielding to I/O between runs) until `work` settles; returns every answer seen before. */
async function queriesWhile<T>(work: Promise<unknown>, query: () => Promise<T>): Promise<T[]> {
  let settled = false;
  const done = work.finally(() => {
    settled = true;
  });
  const answers: T[] = [];
  while (!settled) {
    answers.push(await query());
    await new Promise((resolve) => setImmediate(resolve));
  }
  await done;
  return answers;
}
