import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createLogger } from '../../../../shared/logger';
import { createRedis } from '../../../../shared/redis';
import type { SearchDocument } from '../../../../shared/search/document';
import {
  ALIAS_CHANNEL,
  publishAliasChange,
  watchAliases,
} from '../../../../shared/search/embedded/lifecycle/alias-sync';
import { EmbeddedSearchEngine } from '../../../../shared/search/embedded/lifecycle/embedded-engine';
import { PgAliasStore } from '../../../../shared/search/embedded/lifecycle/pg-alias-store';
import { SnapshotStore } from '../../../../shared/search/embedded/snapshot/snapshot-store';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';

const logger = createLogger({ name: 'test', level: 'silent' });
const doc = (id: string, name: string): SearchDocument => ({
  id,
  markets: ['se'],
  text: { en: { name, brand: '', description: '' } },
  skus: [id],
  facets: {},
  numbers: { 'price.se': 10 },
  flags: {},
  sortKeys: { name: { en: name.toLowerCase() }, createdAt: 0 },
  card: { id },
});

describe('embedded engine aliases in PostgreSQL', () => {
  let t: TestDb;
  let r: TestRedis;
  let dir: string;
  beforeAll(async () => {
    [t, r, dir] = await Promise.all([
      createTestDb(),
      createTestRedis(),
      mkdtemp(path.join(tmpdir(), 'aisle-snapshots-')),
    ]);
  });
  beforeEach(() => t.db('search_aliases').delete());
  afterAll(async () => {
    await r.cleanup();
    await t.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('store sets, returns the previous index, lists in code-unit order and deletes', async () => {
    const store = new PgAliasStore(t.db);
    expect(await store.set('shop-b', 'shop-b-1')).toBeNull();
    expect(await store.set('shop-b', 'shop-b-2')).toBe('shop-b-1');
    await store.set('Shop-a', 'shop-a-1');
    expect(await store.get('shop-b')).toBe('shop-b-2');
    expect(await store.list()).toEqual([
      { alias: 'Shop-a', index: 'shop-a-1' },
      { alias: 'shop-b', index: 'shop-b-2' },
    ]);
    await store.delete('Shop-a');
    await store.delete('never-there');
    expect(await store.get('Shop-a')).toBeNull();
  });

  it('serialises concurrent swaps of one alias: each sees the index it replaced', async () => {
    const store = new PgAliasStore(t.db);
    const targets = Array.from({ length: 10 }, (_, i) => `race-${i}`);
    const previous = await Promise.all(targets.map((index) => store.set('race', index)));
    expect(previous.filter((p) => p === null)).toHaveLength(1);
    const replaced = new Set(previous.filter((p): p is string => p !== null));
    expect(replaced.size).toBe(9);
    expect(replaced.has((await store.get('race')) ?? '')).toBe(false);
  });

  it('a serving engine follows a swap made by another process, answering from the old index until the new one is loaded', async () => {
    const channel = `${ALIAS_CHANNEL}:${randomBytes(4).toString('hex')}`;
    const publisher = createRedis(r.url);
    const subscriber = createRedis(r.url);
    const snapshots = new SnapshotStore(dir);
    const builder = new EmbeddedSearchEngine({
      aliasStore: new PgAliasStore(t.db, publishAliasChange(publisher, channel)),
      snapshots,
    });
    const server = new EmbeddedSearchEngine({ aliasStore: new PgAliasStore(t.db), snapshots });
    const watcher = await watchAliases({ engine: server, subscriber, logger, channel, pollMs: 60_000 });
    try {
      const build = async (index: string, docs: SearchDocument[]) => {
        await builder.createIndex(index, { languages: ['en'] });
        await builder.bulk(
          index,
          docs.map((document) => ({ action: 'index' as const, document })),
        );
        await builder.refresh(index);
        await builder.swapAlias('shop', index);
      };
      const names = async () =>
        (await server.search('shop', { language: 'en', market: 'se', sort: 'name_asc' })).hits.map((h) => h.id);

      await build('shop-1', [doc('a', 'Apple')]);
      await waitFor(
        async () => (await server.resolveAlias('shop')) === 'shop-1' && (await names().catch(() => [])).length === 1,
      );
      expect(await names()).toEqual(['a']);

      // From the swap on, until the watcher has moved the serving engine, queries keep being answered, each
      // wholly from the old index or wholly from the new one, and never from the old one again after the new.
      // (A search runs synchronously, so a query "in flight" during the swap cannot be observed; these can.)
      const building = build('shop-2', [doc('b', 'Banana'), doc('c', 'Cherry')]);
      const seen = await answersUntil('b,c', () =>
        names().then(
          (ids) => ids.join(','),
          (e: unknown) => `error: ${String(e)}`,
        ),
      );
      await building;
      const firstNew = seen.indexOf('b,c');
      expect(firstNew).toBeGreaterThan(0);
      expect(seen.slice(0, firstNew)).toEqual(Array.from({ length: firstNew }, () => 'a'));
      expect(await names()).toEqual(['b', 'c']);

      // An alias pointing at an index without a snapshot neither moves nor blocks the others.
      await new PgAliasStore(t.db).set('broken', 'never-built');
      await build('shop-3', [doc('d', 'Date')]);
      const failures = await server.syncAliases();
      expect(failures.map((f) => [f.alias, f.index])).toEqual([['broken', 'never-built']]);
      expect(await names()).toEqual(['d']);
    } finally {
      await watcher.stop();
      publisher.disconnect();
      subscriber.disconnect();
    }
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Every answer of `query` (run back to back, yielding to I/O between runs) up to the first that is `last`; 5 s at most. */
async function answersUntil(last: string, query: () => Promise<string>, timeoutMs = 5000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  const seen: string[] = [];
  while (seen[seen.length - 1] !== last) {
    if (Date.now() > deadline) throw new Error(`no answer ${last} in time; seen: ${[...new Set(seen)].join(' | ')}`);
    seen.push(await query());
    await new Promise((resolve) => setImmediate(resolve));
  }
  return seen;
}
