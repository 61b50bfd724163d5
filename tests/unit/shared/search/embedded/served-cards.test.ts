import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryAliasStore } from '../../../../../shared/search/embedded/lifecycle/alias-store';
import { EmbeddedSearchEngine } from '../../../../../shared/search/embedded/lifecycle/embedded-engine';
import { SnapshotStore } from '../../../../../shared/search/embedded/snapshot/snapshot-store';
import { fixtureDocuments } from '../contract/fixture';

// Product pages card their related products from what the listing serves: the live version of each id, across a
// base and its delta, under the token the listing's answers are kept by.
describe('the embedded engine’s served cards', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'aisle-cards-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const documents = fixtureDocuments().slice(0, 6);
  const ids = documents.map((d) => d.id);
  const engine = () =>
    new EmbeddedSearchEngine({ aliasStore: new InMemoryAliasStore(), snapshots: new SnapshotStore(dir) });
  /** The first four documents, served under the alias `shop`. */
  const serveFour = async (shop: EmbeddedSearchEngine) => {
    await shop.createIndex('shop-1', { languages: ['en'] });
    await shop.bulk(
      'shop-1',
      documents.slice(0, 4).map((document) => ({ action: 'index', document })),
    );
    await shop.refresh('shop-1');
    await shop.swapAlias('shop', 'shop-1');
  };

  it('is null for an unknown target and reads the cards of held ids only, under the serving token', async () => {
    const shop = engine();
    expect(shop.servedCards('shop', ids)).toBeNull();
    await serveFour(shop);
    const served = shop.servedCards('shop', [ids[2]!, 'unknown', ids[0]!, ids[5]!]);
    expect(served?.token).toBe(shop.servingToken('shop'));
    expect([...(served?.cards ?? [])]).toEqual([
      [ids[2], documents[2]!.card],
      [ids[0], documents[0]!.card],
    ]);
  });

  it('reads the live version of each id across a base and its delta, leaving deleted ids out', async () => {
    const shop = engine();
    await serveFour(shop);
    const before = shop.servedCards('shop', ids);
    const renamed = { ...documents[1]!, card: { id: ids[1]!, name: 'Renamed', price: 1 } };
    await shop.bulk('shop-1', [
      { action: 'index', document: renamed },
      { action: 'delete', id: ids[2]! },
      { action: 'index', document: documents[4]! },
    ]);
    await shop.refresh('shop-1');
    const after = shop.servedCards('shop', ids);
    expect(after?.token).not.toBe(before?.token);
    expect(after?.cards).toEqual(
      new Map([
        [ids[0], documents[0]!.card],
        [ids[1], renamed.card],
        [ids[3], documents[3]!.card],
        [ids[4], documents[4]!.card],
      ]),
    );
  });
});
