import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SearchDocument } from '../../../../../shared/search';
import { buildIndex } from '../../../../../shared/search/embedded/build/build-index';
import type { KeptDocument } from '../../../../../shared/search/embedded/kept-document';
import { EmbeddedSearchEngine } from '../../../../../shared/search/embedded/lifecycle/embedded-engine';
import { readSnapshotDocuments, writeSnapshot } from '../../../../../shared/search/embedded/snapshot/snapshot-files';
import { DocumentSpool } from '../../../../../shared/search/embedded/snapshot/document-spool';
import { SnapshotStore } from '../../../../../shared/search/embedded/snapshot/snapshot-store';
import { fixtureDocuments } from '../contract/fixture';

const SETTINGS = { languages: ['en', 'sv', 'de'] };
const FILES = ['arrays.bin', 'cards.bin', 'meta.json'];

const indexAll = (docs: SearchDocument[]) => docs.map((document) => ({ action: 'index' as const, document }));

describe('documents spooled while a full build is staged', () => {
  let dir = '';

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'aisle-spool-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** Stages `batches` one bulk call each into a new index, refreshes, and returns the engine. */
  async function staged(store: SnapshotStore, batches: Parameters<EmbeddedSearchEngine['bulk']>[1][]) {
    const engine = new EmbeddedSearchEngine({ snapshots: store });
    await engine.createIndex('shop-1', SETTINGS);
    for (const batch of batches) await engine.bulk('shop-1', batch);
    await engine.refresh('shop-1');
    return engine;
  }

  it('writes the same snapshot as one written at once, and nothing else is left in the index directory', async () => {
    const docs = fixtureDocuments();
    const engine = await staged(new SnapshotStore(join(dir, 'spooled')), [
      indexAll(docs.slice(0, 5)),
      indexAll(docs.slice(5)),
    ]);
    const atOnce = join(dir, 'at-once');
    await writeSnapshot(atOnce, buildIndex(docs, SETTINGS), docs);
    const generation = join(dir, 'spooled', 'shop-1', 'g000000001');
    expect(await readdir(join(dir, 'spooled', 'shop-1'))).toEqual(['g000000001']);
    expect((await readdir(generation)).sort()).toEqual([...FILES, 'documents.ndjson'].sort());
    for (const file of FILES)
      expect(await readFile(join(generation, file))).toEqual(await readFile(join(atOnce, file)));
    expect(await readSnapshotDocuments(generation)).toEqual(await readSnapshotDocuments(atOnce));
    await engine.close();
  });

  it('a document staged again is loaded as its last version', async () => {
    const docs = fixtureDocuments();
    const renamed = { ...(docs[0] as SearchDocument), card: { title: 'renamed' } };
    const store = new SnapshotStore(dir);
    await staged(store, [indexAll(docs), indexAll([renamed])]);
    const loaded = new EmbeddedSearchEngine({ snapshots: store });
    await loaded.loadIndex('shop-1');
    await loaded.bulk('shop-1', [{ action: 'delete', id: 'p12' }]);
    await loaded.refresh('shop-1');
    const documents = await readSnapshotDocuments(join(dir, 'shop-1', 'g000000001'));
    expect(documents.size).toBe(12);
    expect(documents.get(renamed.id)).toEqual(renamed);
    const hit = await loaded.search('shop-1', { language: 'en', market: 'se', pageSize: 20 });
    expect(hit.hits.find((h) => h.id === renamed.id)?.card).toEqual({ title: 'renamed' });
    expect(await loaded.count('shop-1')).toBe(11);
  });

  it('a spooled document deleted before the refresh is left out: the refresh writes the documents itself', async () => {
    const docs = fixtureDocuments();
    const store = new SnapshotStore(dir);
    await staged(store, [indexAll(docs), [{ action: 'delete', id: 'p03' }]]);
    expect(await readdir(join(dir, 'shop-1'))).toEqual(['g000000001']);
    const documents = await readSnapshotDocuments(join(dir, 'shop-1', 'g000000001'));
    expect([...documents.keys()].sort()).toEqual(docs.map((d) => d.id).filter((id) => id !== 'p03'));
    const loaded = new EmbeddedSearchEngine({ snapshots: store });
    await loaded.loadIndex('shop-1');
    expect(await loaded.count('shop-1')).toBe(11);
  });

  it('a build whose spool cannot be completed fails and leaves no generation, and the next one is written', async () => {
    const store = new SnapshotStore(dir);
    const engine = new EmbeddedSearchEngine({ snapshots: store });
    await engine.createIndex('shop-1', SETTINGS);
    await engine.bulk('shop-1', indexAll(fixtureDocuments()));
    const [spool] = await readdir(join(dir, 'shop-1'));
    expect(spool).toMatch(/^spool\.tmp-/);
    // The spool's directory disappears under it (a full disk or an operator would do the same harm).
    await rm(join(dir, 'shop-1', spool as string), { recursive: true });
    await expect(engine.refresh('shop-1')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await store.latest('shop-1')).toBeNull();
    expect(await readdir(join(dir, 'shop-1'))).toEqual([]);
    await engine.bulk('shop-1', indexAll(fixtureDocuments()));
    await engine.refresh('shop-1');
    expect(await readdir(join(dir, 'shop-1'))).toEqual(['g000000001']);
    expect(await engine.count('shop-1')).toBe(12);
  });

  // About 14 MB: more than its three 4 MB chunks, so later lines go into chunks that were written and filled again
  // (batches as bulk calls stage them, writes finishing in between) or, with every chunk still being written (one
  // synchronous burst), into a chunk written at once.
  it.each([
    ['in batches', 100],
    ['in one burst', Infinity],
  ])('spools past its chunks %s, with every line and card intact', async (_, batch) => {
    const spool = new DocumentSpool(join(dir, 'spool.tmp-1'));
    const docs = Array.from({ length: 1400 }, (_, i) => {
      const doc = fixtureDocuments()[i % 12] as SearchDocument;
      return { ...doc, id: `d${i}`, card: { title: `card ${i} ä`, body: String(i).repeat(10_000 / String(i).length) } };
    });
    const kept: KeptDocument[] = [];
    for (const [i, doc] of docs.entries()) {
      kept.push(spool.add(doc));
      if (i % batch === batch - 1) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(kept.every((doc) => doc.card === undefined && !('card' in doc))).toBe(true);
    const cards = kept.map((doc) => JSON.parse(Buffer.from(spool.cardOf(doc) ?? []).toString('utf8')));
    expect(cards).toEqual(docs.map((doc) => doc.card));
    expect(kept.map((doc) => spool.withCard(doc))).toEqual(docs);
    const file = await readFile(join(await spool.finish(), 'documents.ndjson'), 'utf8');
    expect(
      file
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(docs);
  });

  it('an index dropped mid-stream leaves no snapshot and no spool', async () => {
    const store = new SnapshotStore(dir);
    const engine = new EmbeddedSearchEngine({ snapshots: store });
    await engine.createIndex('shop-1', SETTINGS);
    await engine.bulk('shop-1', indexAll(fixtureDocuments().slice(0, 6)));
    expect(await readdir(join(dir, 'shop-1'))).toHaveLength(1);
    await engine.deleteIndex('shop-1');
    expect(await readdir(dir)).toEqual([]);
    const other = new EmbeddedSearchEngine({ snapshots: store });
    await expect(other.loadIndex('shop-1')).rejects.toMatchObject({ code: 'INDEX_NOT_FOUND' });
  });
});
