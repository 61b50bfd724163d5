import { readdirSync, readlinkSync } from 'node:fs';
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { InMemoryAliasStore } from '../../../../../shared/search/embedded/lifecycle/alias-store';
import { EmbeddedSearchEngine } from '../../../../../shared/search/embedded/lifecycle/embedded-engine';
import { SnapshotStore } from '../../../../../shared/search/embedded/snapshot/snapshot-store';
import { fixtureDocuments } from '../contract/fixture';

// Card files of a served generation stay open (FileCards) and are closed when the generation is released: the
// serving process must not keep one descriptor per replaced generation until the garbage collector runs. Every
// card file here is kept open (memoryCardsMax 0); the process's own descriptor table says which files are.

const LISTING = { language: 'en', market: 'se', pageSize: 50 };

/** The files under `root` this process has open, relative to it (sorted; a removed file still counts). */
function openUnder(root: string): string[] {
  const open: string[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    let target: string;
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue; // closed between listing and reading (the listing's own descriptor)
    }
    if (target.startsWith(`${root}/`)) open.push(relative(root, target.replace(/ \(deleted\)$/, '')));
  }
  return open.sort();
}

describe('card files of released generations', () => {
  let root = '';
  beforeEach(async () => {
    root = await realpath(await mkdtemp(join(tmpdir(), 'aisle-card-release-')));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('are closed when a newer generation replaces them, the alias moves away, and the engine closes; a shared base stays open', async () => {
    const aliasStore = new InMemoryAliasStore();
    const writer = new EmbeddedSearchEngine({ aliasStore, snapshots: new SnapshotStore(root, { memoryCardsMax: 0 }) });
    const api = new EmbeddedSearchEngine({ aliasStore, snapshots: new SnapshotStore(root, { memoryCardsMax: 0 }) });
    const docs = fixtureDocuments();
    const edit = async (index: number) => {
      await writer.bulk(
        'shop',
        docs.slice(index, index + 1).map((document) => ({ action: 'index' as const, document })),
      );
      await writer.refresh('shop');
      await api.syncAliases();
    };
    await writer.createIndex('shop-1', { languages: ['en'] });
    await writer.bulk(
      'shop-1',
      docs.map((document) => ({ action: 'index', document })),
    );
    await writer.refresh('shop-1');
    await writer.swapAlias('shop', 'shop-1');
    await api.syncAliases();
    expect(openUnder(root)).toEqual(['shop-1/g000000001/cards.bin']);

    // Each delta over the base: the new overlay opens, the replaced one closes, the shared base stays open once.
    await edit(0);
    expect(openUnder(root)).toEqual(['shop-1/g000000001/cards.bin', 'shop-1/g000000002/cards.bin']);
    await edit(1);
    expect(openUnder(root)).toEqual(['shop-1/g000000001/cards.bin', 'shop-1/g000000003/cards.bin']);
    // The base the replaced slot shared is still readable: every hit's card decodes.
    const page = await api.search('shop', LISTING);
    expect(page.hits.length).toBe(page.total);
    expect(page.hits.every((hit) => hit.card !== null)).toBe(true);

    // The alias moves to another index: the old one is dropped; counting it (listIndices) opens and closes it.
    await writer.createIndex('shop-2', { languages: ['en'] });
    await writer.bulk(
      'shop-2',
      docs.slice(0, 2).map((document) => ({ action: 'index', document })),
    );
    await writer.refresh('shop-2');
    await writer.swapAlias('shop', 'shop-2');
    await api.syncAliases();
    expect(openUnder(root)).toEqual(['shop-2/g000000001/cards.bin']);
    expect((await api.listIndices('shop-')).map((i) => i.name)).toEqual(['shop-1', 'shop-2']);
    expect(openUnder(root)).toEqual(['shop-2/g000000001/cards.bin']);

    await api.close();
    await writer.close();
    expect(openUnder(root)).toEqual([]);
  });

  it('are closed when a generation fails to load half-way (its base read, its overlay unreadable)', async () => {
    const writer = new EmbeddedSearchEngine({ snapshots: new SnapshotStore(root) });
    const docs = fixtureDocuments();
    await writer.createIndex('shop-1', { languages: ['en'] });
    await writer.bulk(
      'shop-1',
      docs.map((document) => ({ action: 'index', document })),
    );
    await writer.refresh('shop-1');
    await writer.bulk(
      'shop-1',
      docs.slice(0, 1).map((document) => ({ action: 'index' as const, document })),
    );
    await writer.refresh('shop-1');
    await writer.close();
    await writeFile(join(root, 'shop-1', 'g000000002', 'meta.json'), '{');
    await expect(new SnapshotStore(root, { memoryCardsMax: 0 }).read('shop-1')).rejects.toThrow(SyntaxError);
    expect(openUnder(root)).toEqual([]);
  });
});
