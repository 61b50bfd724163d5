import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SearchRequest } from '../../../../../shared/search';
import { EmbeddedSearchEngine } from '../../../../../shared/search/embedded/lifecycle/embedded-engine';
import { readSnapshot } from '../../../../../shared/search/embedded/snapshot/snapshot-files';
import { SnapshotStore } from '../../../../../shared/search/embedded/snapshot/snapshot-store';
import { fixtureDocuments } from '../contract/fixture';
import { withoutCardKeys } from '../../../../support/search-answers';

const SETTINGS = { languages: ['en', 'sv', 'de'] };
const REQUESTS: SearchRequest[] = [
  {
    language: 'en',
    market: 'se',
    sort: 'price_asc',
    facets: [
      { kind: 'terms', key: 'brand' },
      { kind: 'hierarchy', key: 'category' },
      { kind: 'range', key: 'minTemp' },
    ],
  },
  // Filtered facets count over contexts of their own; a loaded snapshot counts them in WebAssembly memory.
  {
    language: 'en',
    market: 'se',
    filters: [
      { kind: 'terms', key: 'brand', values: ['nike'], match: 'any' },
      { kind: 'hierarchy', key: 'category', paths: ['shoes'], match: 'any' },
    ],
    facets: [
      { kind: 'terms', key: 'brand' },
      { kind: 'hierarchy', key: 'category' },
      { kind: 'terms', key: 'color' },
    ],
  },
  {
    language: 'en',
    market: 'se',
    filters: [{ kind: 'terms', key: 'brand', values: ['adidas'], match: 'any' }],
    facets: [{ kind: 'terms', key: 'brand' }],
  },
  { text: 'jakcet', language: 'en', market: 'se', filters: [{ kind: 'toggle', key: 'inStock.se' }] },
  { text: 'jackor', language: 'sv', market: 'se', sort: 'name_asc' },
  { text: 'nkrun1', language: 'de', market: 'de', sort: 'newest' },
];

describe('snapshots', () => {
  let dir = '';

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'aisle-snapshot-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function built(store: SnapshotStore, name: string): Promise<EmbeddedSearchEngine> {
    const engine = new EmbeddedSearchEngine({ snapshots: store });
    await engine.createIndex(name, SETTINGS);
    await engine.bulk(
      name,
      fixtureDocuments().map((document) => ({ action: 'index', document })),
    );
    await engine.refresh(name);
    return engine;
  }

  it('a loaded snapshot answers exactly like the index it was written from', async () => {
    const store = new SnapshotStore(dir);
    const original = await built(store, 'shop-1');
    const loaded = new EmbeddedSearchEngine({ snapshots: store });
    await loaded.loadIndex('shop-1');
    for (const request of REQUESTS)
      expect(withoutCardKeys(await loaded.search('shop-1', request))).toEqual(
        withoutCardKeys(await original.search('shop-1', request)),
      );
    const suggest = { q: 'ru', language: 'en', market: 'se', facetKeys: ['brand'] };
    expect(withoutCardKeys(await loaded.suggest('shop-1', suggest))).toEqual(
      withoutCardKeys(await original.suggest('shop-1', suggest)),
    );
    expect(await loaded.count('shop-1')).toBe(12);
  });

  it('a loaded snapshot holds its facet rows in the memory it counts them in', async () => {
    await built(new SnapshotStore(dir), 'shop-1');
    const generations = await readdir(join(dir, 'shop-1'));
    const data = await readSnapshot(join(dir, 'shop-1', generations[0] as string));
    expect(data.facets.size).toBeGreaterThan(0);
    for (const column of data.facets.values()) {
      expect(column.docValues.counting).toBeDefined();
      expect(column.docValues.items.buffer).toBe(column.docValues.counting?.data.buffer);
    }
    data.cards.release();
  });

  it('each refresh writes a generation; replaced ones go after the grace period unless a kept delta builds on them', async () => {
    let now = 0;
    const store = new SnapshotStore(dir, { graceMs: 1000, now: () => now });
    const engine = await built(store, 'shop-1');
    expect(await readdir(join(dir, 'shop-1'))).toEqual(['g000000001']);
    now = Date.now();
    await engine.bulk('shop-1', [{ action: 'delete', id: 'p01' }]);
    await engine.refresh('shop-1');
    await engine.bulk('shop-1', [{ action: 'delete', id: 'p03' }]);
    await engine.refresh('shop-1');
    // g2 was replaced just now: a process may still be loading it. g1 is the base of both deltas.
    expect(await readdir(join(dir, 'shop-1'))).toEqual(['g000000001', 'g000000002', 'g000000003']);
    // 2 s past the real clock, whatever the refreshes above took on a loaded machine: g3, replaced by the refresh
    // below, is replaced longer ago than the grace period when that refresh collects.
    now = Date.now() + 2000;
    await engine.bulk('shop-1', [{ action: 'delete', id: 'p04' }]);
    await engine.refresh('shop-1');
    expect(await readdir(join(dir, 'shop-1'))).toEqual(['g000000001', 'g000000004']);
    const loaded = new EmbeddedSearchEngine({ snapshots: store });
    await loaded.loadIndex('shop-1');
    expect(await loaded.count('shop-1')).toBe(9);
  });

  it("removes temporary directories a crashed writer left, and keeps a running writer's", async () => {
    const store = new SnapshotStore(dir);
    await built(store, 'shop-1');
    // A pid no process has any more: a child that has exited.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    const crashed = [`g000000002.tmp-${gone}-1764201600000`, `spool.tmp-${gone}-4f6c`];
    const running = [`g000000009.tmp-${process.pid}-1764201600000`, `spool.tmp-${process.pid}-9a1b`];
    for (const entry of [...crashed, ...running]) {
      await mkdir(join(dir, 'shop-1', entry));
      await writeFile(join(dir, 'shop-1', entry, 'documents.ndjson'), '{}\n');
    }
    const engine = new EmbeddedSearchEngine({ snapshots: store });
    await engine.loadIndex('shop-1');
    await engine.bulk('shop-1', [{ action: 'delete', id: 'p01' }]);
    await engine.refresh('shop-1');
    expect((await readdir(join(dir, 'shop-1'))).sort()).toEqual(['g000000001', 'g000000002', ...running].sort());
  });

  it('writes to a loaded index read the source documents back from the snapshot', async () => {
    const store = new SnapshotStore(dir);
    await built(store, 'shop-1');
    const loaded = new EmbeddedSearchEngine({ snapshots: store });
    await loaded.loadIndex('shop-1');
    await loaded.bulk('shop-1', [{ action: 'delete', id: 'p02' }]);
    await loaded.refresh('shop-1');
    expect(await loaded.count('shop-1')).toBe(11);
    const response = await loaded.search('shop-1', { text: 'shoes', language: 'en', market: 'se' });
    expect(response.hits.map((h) => h.id).sort()).toEqual(['p01', 'p07']);
  });

  it('loading an index without a snapshot fails with INDEX_NOT_FOUND', async () => {
    const engine = new EmbeddedSearchEngine({ snapshots: new SnapshotStore(dir) });
    await expect(engine.loadIndex('missing')).rejects.toMatchObject({ code: 'INDEX_NOT_FOUND' });
    await expect(new EmbeddedSearchEngine().loadIndex('missing')).rejects.toMatchObject({ code: 'INDEX_NOT_FOUND' });
  });
});
