import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRedis, type Redis } from '../../../../shared/redis';
import type { SearchDocument, SearchRequest } from '../../../../shared/search';
import { ALIAS_CHANNEL, publishAliasChange } from '../../../../shared/search/embedded/lifecycle/alias-sync';
import { EmbeddedSearchEngine } from '../../../../shared/search/embedded/lifecycle/embedded-engine';
import { PgAliasStore } from '../../../../shared/search/embedded/lifecycle/pg-alias-store';
import { SnapshotStore } from '../../../../shared/search/embedded/snapshot/snapshot-store';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';
import type { ServingReply, ServingRequest } from './serving-process';

const doc = (i: number, name = `Item ${i}`): SearchDocument => ({
  id: `p${String(i).padStart(4, '0')}`,
  markets: ['se'],
  text: { en: { name, brand: '', description: '' } },
  skus: [],
  facets: { colour: [i % 2 === 0 ? 'red' : 'blue'] },
  numbers: { 'price.se': i },
  flags: {},
  sortKeys: { name: { en: name.toLowerCase() }, createdAt: i },
  card: { name },
});
const ALL: SearchRequest = { language: 'en', market: 'se', sort: 'name_asc', pageSize: 1 };

/** The serving process, and a way to ask it for a search. */
function startServer(env: Record<string, string>): {
  child: ChildProcess;
  ready: Promise<void>;
  ask: (r: SearchRequest) => Promise<ServingReply>;
} {
  const child = fork(path.join(__dirname, 'serving-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, (reply: ServingReply) => void>();
  let next = 1;
  let started: () => void = () => {};
  const ready = new Promise<void>((resolve) => (started = resolve));
  child.on('message', (reply: ServingReply) => (reply.id === 0 ? started() : waiting.get(reply.id)?.(reply)));
  const ask = (request: SearchRequest) =>
    new Promise<ServingReply>((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      child.send({ id, target: 'shop', request } satisfies ServingRequest);
    });
  return { child, ready, ask };
}

describe('a second process serves near-real-time updates', () => {
  let t: TestDb;
  let r: TestRedis;
  let dir: string;
  let publisher: Redis;
  let server: ReturnType<typeof startServer> | null = null;
  beforeAll(async () => {
    [t, r, dir] = await Promise.all([
      createTestDb(),
      createTestRedis(),
      mkdtemp(path.join(tmpdir(), 'aisle-two-process-')),
    ]);
    publisher = createRedis(r.url);
  });
  afterAll(async () => {
    if (server !== null) {
      const exited = new Promise((resolve) => server?.child.once('exit', resolve));
      server.child.disconnect();
      await exited;
    }
    publisher.disconnect();
    await r.cleanup();
    await t.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('sees a published delta within 1 s, while a reader of the replaced generation finishes cleanly', async () => {
    const channel = `${ALIAS_CHANNEL}:${randomBytes(4).toString('hex')}`;
    const publish = publishAliasChange(publisher, channel);
    const store = new SnapshotStore(dir);
    const writer = new EmbeddedSearchEngine({
      aliasStore: new PgAliasStore(t.db, publish),
      snapshots: store,
      onRefresh: publish,
    });
    await writer.createIndex('shop-1', { languages: ['en'] });
    await writer.bulk(
      'shop-1',
      Array.from({ length: 300 }, (_, i) => ({ action: 'index' as const, document: doc(i) })),
    );
    await writer.refresh('shop-1');
    await writer.swapAlias('shop', 'shop-1');

    server = startServer({
      SERVING_DATABASE_URL: t.url,
      SERVING_SNAPSHOTS: dir,
      SERVING_CHANNEL: channel,
      REDIS_URL: r.url,
    });
    await server.ready;
    expect(await server.ask(ALL)).toMatchObject({ total: 300, names: ['Item 0'] });

    // A reader that loaded the current generation and reads its documents only after it has been replaced.
    const held = await store.read('shop-1');
    await writer.bulk('shop', [
      { action: 'index', document: doc(7, 'Aardvark') },
      { action: 'delete', id: 'p0010' },
    ]);
    await writer.refresh('shop');
    const published = performance.now();
    const seen = await waitFor(async () => {
      const reply = await (server as NonNullable<typeof server>).ask(ALL);
      return 'names' in reply && reply.names[0] === 'Aardvark' ? reply : null;
    }, 1000);
    const elapsedMs = performance.now() - published;
    expect(seen).toMatchObject({ total: 299, ids: ['p0007'] });
    expect(elapsedMs).toBeLessThan(1000);

    for (let i = 0; i < 3; i++) {
      await writer.bulk('shop', [{ action: 'index', document: doc(20 + i, `Replaced ${i}`) }]);
      await writer.refresh('shop');
    }
    expect((await held?.base.documents())?.size).toBe(300);
    const newest = await waitFor(async () => {
      const reply = await (server as NonNullable<typeof server>).ask({ ...ALL, text: 'replaced' });
      return 'total' in reply && reply.total === 3 ? reply : null;
    }, 1000);
    expect(newest).toMatchObject({ ids: ['p0020'] });
  }, 30_000);
});

async function waitFor<T>(probe: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (performance.now() > deadline) throw new Error(`not seen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
