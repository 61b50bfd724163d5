import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BulkOperation, SearchDocument } from '../../../../../shared/search';
import { DetailFile } from '../../../../../shared/search/embedded/detail-file';
import { InMemoryAliasStore } from '../../../../../shared/search/embedded/lifecycle/alias-store';
import { EmbeddedSearchEngine } from '../../../../../shared/search/embedded/lifecycle/embedded-engine';
import { readSnapshotDocuments } from '../../../../../shared/search/embedded/snapshot/snapshot-files';
import { SnapshotStore } from '../../../../../shared/search/embedded/snapshot/snapshot-store';
import { fixtureDocuments } from '../contract/fixture';

// A product page reads its product's source from what a full build kept beside the listing's documents: the
// detail of the version the build indexed, never of a later one, read by id (a merge keeps those of the versions it
// still serves).
describe('the embedded engine’s served documents and their details', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'aisle-details-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const documents = fixtureDocuments().slice(0, 6);
  const ids = documents.map((d) => d.id);
  const detailOf = (doc: SearchDocument) => `{"source":"${doc.id}","ä":"ü"}`;
  const decoded = (bytes: Uint8Array | null | undefined) => (bytes == null ? bytes : Buffer.from(bytes).toString());
  const aliases = new InMemoryAliasStore();
  /** `mergeAll`: every delta is merged into a new base at once. */
  const engine = (mergeAll = false) =>
    new EmbeddedSearchEngine({
      aliasStore: aliases,
      snapshots: new SnapshotStore(dir),
      ...(mergeAll && { merge: { minDocs: 0, share: 0 } }),
    });

  /** A writer that built `shop-1` from the first four documents (details for all but the fourth), served as `shop`. */
  async function built(operations: BulkOperation[] = fourWithDetails(), mergeAll = false) {
    const writer = engine(mergeAll);
    await writer.createIndex('shop-1', { languages: ['en'] });
    await writer.bulk('shop-1', operations);
    await writer.refresh('shop-1');
    await writer.swapAlias('shop', 'shop-1');
    return writer;
  }
  const fourWithDetails = (): BulkOperation[] =>
    documents.slice(0, 4).map((document, i) => ({
      action: 'index',
      document,
      ...(i < 3 && { detail: () => detailOf(document) }),
    }));
  const reader = async () => {
    const shop = engine();
    expect(await shop.syncAliases()).toEqual([]);
    return shop;
  };

  it('serves each kept detail by id beside its card, in a process that loaded the snapshot and in the writer', async () => {
    const writer = await built();
    const shop = await reader();
    expect(shop.servedDocuments('unknown', ids)).toBeNull();
    const served = shop.servedDocuments('shop', [ids[2]!, 'unknown', ids[0]!, ids[3]!]);
    expect(served?.token).toBe(shop.servingToken('shop'));
    expect(served?.index).toBe('shop-1');
    expect([...(served?.documents ?? [])].map(([id, d]) => [id, d.card, decoded(d.detail)])).toEqual([
      [ids[2], documents[2]!.card, detailOf(documents[2]!)],
      [ids[0], documents[0]!.card, detailOf(documents[0]!)],
      [ids[3], documents[3]!.card, null],
    ]);
    expect(decoded(writer.servedDocuments('shop', [ids[0]!])?.documents.get(ids[0]!)?.detail)).toBe(
      detailOf(documents[0]!),
    );
    expect((await readdir(join(dir, 'shop-1', 'g000000001'))).sort()).toEqual(
      ['arrays.bin', 'cards.bin', 'details.bin', 'details.idx', 'documents.ndjson', 'meta.json'].sort(),
    );
    await shop.close();
  });

  it('keeps the last detail of a document staged twice', async () => {
    const first = documents[0]!;
    await built([
      { action: 'index', document: first, detail: () => 'old' },
      { action: 'index', document: { ...first }, detail: () => 'new' },
    ]);
    const shop = await reader();
    expect(decoded(shop.servedDocuments('shop', [first.id])?.documents.get(first.id)?.detail)).toBe('new');
  });

  it('has no detail for a version a delta wrote, and never asks a delta for one', async () => {
    const writer = await built();
    let asked = 0;
    const renamed = { ...documents[1]!, card: { id: ids[1]!, name: 'Renamed' } };
    await writer.bulk('shop-1', [
      { action: 'index', document: renamed, detail: () => `${++asked}` },
      { action: 'delete', id: ids[2]! },
    ]);
    await writer.refresh('shop-1');
    expect(asked).toBe(0);
    const shop = await reader();
    const served = shop.servedDocuments('shop', ids);
    expect([...(served?.documents ?? [])].map(([id, d]) => [id, d.card, decoded(d.detail)])).toEqual([
      [ids[0], documents[0]!.card, detailOf(documents[0]!)],
      [ids[1], renamed.card, null],
      [ids[3], documents[3]!.card, null],
    ]);
  });

  it('carries the details of the versions a merge still serves into the merged base, merge after merge', async () => {
    const writer = await built(fourWithDetails(), true);
    const details = async () => {
      // A refresh with nothing staged waits for the merge the last one started.
      await writer.refresh('shop-1');
      const shop = await reader();
      const served = shop.servedDocuments('shop', ids);
      await shop.close();
      return [...(served?.documents ?? [])].map(([id, d]) => [id, decoded(d.detail)]);
    };
    await writer.bulk('shop-1', [{ action: 'index', document: { ...documents[1]! } }]);
    await writer.refresh('shop-1');
    expect(await details()).toEqual([
      [ids[0], detailOf(documents[0]!)],
      [ids[1], null],
      [ids[2], detailOf(documents[2]!)],
      [ids[3], null],
    ]);
    await writer.bulk('shop-1', [{ action: 'delete', id: ids[2]! }]);
    await writer.refresh('shop-1');
    expect(await details()).toEqual([
      [ids[0], detailOf(documents[0]!)],
      [ids[1], null],
      [ids[3], null],
    ]);
    expect(writer.servedDocuments('shop', [ids[0]!])?.documents.get(ids[0]!)?.detail).not.toBeNull();
    await writer.close();
  });

  it('keeps no details when the build could not use its spool (a staged document deleted before the refresh)', async () => {
    await built([...fourWithDetails(), { action: 'delete', id: ids[0]! }]);
    const shop = await reader();
    const served = shop.servedDocuments('shop', ids);
    expect([...(served?.documents.keys() ?? [])]).toEqual([ids[1], ids[2], ids[3]]);
    expect([...(served?.documents.values() ?? [])].map((d) => d.detail)).toEqual([null, null, null]);
    expect(await readdir(join(dir, 'shop-1', 'g000000001'))).not.toContain('details.idx');
  });

  // A spooled build keeps its documents without their card objects (KeptDocument): the cards must still reach every
  // snapshot a later write makes, and every reader.
  describe('cards of documents a spooled build kept without them', () => {
    const cardsOf = (shop: EmbeddedSearchEngine) =>
      [...(shop.servedDocuments('shop', ids)?.documents ?? [])].map(([id, d]) => [id, d.card]);
    const newest = async () => {
      const generations = (await readdir(join(dir, 'shop-1'))).filter((g) => /^g\d+$/.test(g)).sort();
      return readSnapshotDocuments(join(dir, 'shop-1', generations.at(-1) ?? ''));
    };

    it('are written by a merge and served after it, merge after merge', async () => {
      const writer = await built(fourWithDetails(), true);
      const renamed = { ...documents[1]!, card: { id: ids[1]!, name: 'Renamed' } };
      await writer.bulk('shop-1', [{ action: 'index', document: renamed }]);
      await writer.refresh('shop-1');
      await writer.refresh('shop-1');
      await writer.bulk('shop-1', [{ action: 'index', document: documents[4]! }]);
      await writer.refresh('shop-1');
      await writer.refresh('shop-1');
      const live = [documents[0]!, renamed, documents[2]!, documents[3]!, documents[4]!];
      expect(new Map([...(await newest())].map(([id, d]) => [id, d.card]))).toEqual(
        new Map(live.map((d) => [d.id, d.card])),
      );
      const shop = await reader();
      expect(cardsOf(shop)).toEqual(live.map((d) => [d.id, d.card]));
      expect(cardsOf(writer)).toEqual(live.map((d) => [d.id, d.card]));
      await shop.close();
      await writer.close();
    });

    it('are kept by documents staged while the first build is still being written', async () => {
      const writer = engine();
      await writer.createIndex('shop-1', { languages: ['en'] });
      await writer.bulk('shop-1', fourWithDetails());
      const first = writer.refresh('shop-1');
      // The build has swapped its staged writes out and waits for its snapshot: a write now opens a new spool.
      await new Promise((resolve) => setImmediate(resolve));
      await writer.bulk('shop-1', [{ action: 'index', document: documents[4]! }]);
      await first;
      await writer.refresh('shop-1');
      await writer.swapAlias('shop', 'shop-1');
      const live = documents.slice(0, 5);
      expect(cardsOf(writer)).toEqual(live.map((d) => [d.id, d.card]));
      const shop = await reader();
      expect(cardsOf(shop)).toEqual(live.map((d) => [d.id, d.card]));
      await shop.close();
      await writer.close();
    });

    it('are written and served when the build could not use its spool', async () => {
      const writer = await built([...fourWithDetails(), { action: 'delete', id: ids[0]! }], true);
      const live = documents.slice(1, 4);
      expect([...(await newest()).values()]).toEqual(live);
      await writer.bulk('shop-1', [{ action: 'index', document: documents[5]! }]);
      await writer.refresh('shop-1');
      await writer.refresh('shop-1');
      expect(new Map([...(await newest())].map(([id, d]) => [id, d.card]))).toEqual(
        new Map([...live, documents[5]!].map((d) => [d.id, d.card])),
      );
      await writer.close();
    });
  });

  it('closes the detail file with its last holder', async () => {
    await built();
    const path = join(dir, 'shop-1', 'g000000001', 'details.bin');
    const spans = Float64Array.from([0, 4, 0, -1]);
    const file = new DetailFile(path, spans);
    file.retain();
    file.retain();
    expect(file.detail(1)).toBeNull();
    expect(file.detail(2)).toBeNull();
    file.release();
    expect(file.detail(0)?.length).toBe(4);
    file.release();
    expect(() => file.detail(0)).toThrow('detail file already closed');
  });
});
