import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryAliasStore } from '../../../../../shared/search/embedded/lifecycle/alias-store';
import { EmbeddedSearchEngine } from '../../../../../shared/search/embedded/lifecycle/embedded-engine';
import { SnapshotStore } from '../../../../../shared/search/embedded/snapshot/snapshot-store';
import { fixtureDocuments } from '../contract/fixture';

// The serving token is what the storefront's answer cache keys on: it must change with every change a query
// could see (a refresh, a swap, a reload by a serving process) and stay put otherwise.
describe('the embedded engine’s serving token', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'aisle-token-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const documents = fixtureDocuments();
  const build = async (engine: EmbeddedSearchEngine, name: string, count: number) => {
    await engine.createIndex(name, { languages: ['en'] });
    await engine.bulk(
      name,
      documents.slice(0, count).map((document) => ({ action: 'index', document })),
    );
    await engine.refresh(name);
  };

  it('is null for an unknown target and stable while nothing changes', async () => {
    const engine = new EmbeddedSearchEngine({
      aliasStore: new InMemoryAliasStore(),
      snapshots: new SnapshotStore(dir),
    });
    expect(engine.servingToken('shop')).toBeNull();
    await build(engine, 'shop-1', 3);
    await engine.swapAlias('shop', 'shop-1');
    const token = engine.servingToken('shop');
    expect(token).not.toBeNull();
    expect(engine.servingToken('shop')).toBe(token);
    expect(engine.servingToken('shop-1')).toBe(token);
  });

  it('changes on a refresh with changes, on a swap, and when a serving process reloads', async () => {
    const aliasStore = new InMemoryAliasStore();
    const snapshots = new SnapshotStore(dir);
    const indexer = new EmbeddedSearchEngine({ aliasStore, snapshots });
    const api = new EmbeddedSearchEngine({ aliasStore, snapshots });
    await build(indexer, 'shop-1', 3);
    await indexer.swapAlias('shop', 'shop-1');
    await api.syncAliases();
    const seen = [indexer.servingToken('shop')];
    const servedBefore = api.servingToken('shop');

    await indexer.bulk('shop-1', [{ action: 'delete', id: documents[0]!.id }]);
    await indexer.refresh('shop-1');
    seen.push(indexer.servingToken('shop'));
    await build(indexer, 'shop-2', 5);
    await indexer.swapAlias('shop', 'shop-2');
    seen.push(indexer.servingToken('shop'));
    expect(new Set(seen).size).toBe(3);

    expect(api.servingToken('shop')).toBe(servedBefore);
    await api.syncAliases();
    expect(api.servingToken('shop')).not.toBe(servedBefore);
    expect((await api.search('shop', { language: 'en', market: 'se', pageSize: 50 })).total).toBe(5);
  });
});
