import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from 'bullmq';
import { storefrontCommand } from '../../../../scripts/cli/storefront/command';
import { UsageError } from '../../../../scripts/cli/command';
import { seedTenant } from '../../../../scripts/seed/seed-tenant';
import { createLogger } from '../../../../shared/logger';
import { createRedis, type Redis } from '../../../../shared/redis';
import { hashKey } from '../../../../shared/storefront-config/keys';
import { EmbeddedSearchEngine } from '../../../../shared/search/embedded/lifecycle/embedded-engine';
import { PgAliasStore } from '../../../../shared/search/embedded/lifecycle/pg-alias-store';
import { SnapshotStore } from '../../../../shared/search/embedded/snapshot/snapshot-store';
import { createWorker } from '../../../../indexer/worker';
import { requireEnv } from '../../../support/admin-db';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { twoPriceLists } from '../../../support/storefront-fixture';

type Name = Parameters<typeof storefrontCommand>[0];

async function cli(name: Name, ...args: string[]): Promise<{ code: number; out: unknown; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await storefrontCommand(name).run(args, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.length > 0 ? (JSON.parse(out.join('\n')) as unknown) : null, err: err.join('\n') };
}

describe('npm run cli -- storefront configuration and index commands', () => {
  let t: TestDb;
  let dataDir: string;
  let redis: Redis;
  let worker: Worker | null = null;
  let startWorker: () => Worker;
  let lists: { id: number; currency: string }[];
  const saved = { ...process.env };
  const site = ['--tenant', 'clishop', '--site', 'web'];

  beforeAll(async () => {
    t = await createTestDb();
    dataDir = await mkdtemp(path.join(tmpdir(), 'aisle-cli-'));
    const prefix = `cli${randomBytes(4).toString('hex')}`;
    // The CLI finds its stores through the environment, as it does under `npm run cli`.
    Object.assign(process.env, {
      DATABASE_URL: t.url,
      DATA_DIR: dataDir,
      QUEUE_PREFIX: prefix,
      STOREFRONT_DELTA_EVERY_MS: '86400000',
    });
    const tenantId = (
      await seedTenant(t.db, {
        tenant: 'clishop',
        products: 80,
        orders: 0,
        seed: 21,
        asOf: new Date('2025-06-01T00:00:00Z'),
        analyze: false,
      })
    ).tenantId;
    lists = await twoPriceLists(t.db, tenantId);
    redis = createRedis(requireEnv('REDIS_URL'));
    const engine = new EmbeddedSearchEngine({
      aliasStore: new PgAliasStore(t.db),
      snapshots: new SnapshotStore(path.join(dataDir, 'search')),
    });
    startWorker = () =>
      createWorker({
        db: t.db,
        engine,
        logger: createLogger({ name: 'test', level: 'silent' }),
        gateFraction: 0.5,
        connection: redis,
        prefix,
        syncEngine: async () => void (await engine.syncAliases()),
      });
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    redis.disconnect();
    process.env = saved;
    await rm(dataDir, { recursive: true, force: true });
    await t.drop();
  });

  it('refuses a bad site and names the field, storing nothing', async () => {
    const bad = await cli(
      'site',
      'save',
      '--tenant',
      'clishop',
      '--code',
      'Web Shop',
      '--name',
      'Web',
      '--ecom-site-id',
      '1',
    );
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('site.code: must be 1 to 40 lowercase letters, digits or hyphens');
    expect(await t.db('storefront_sites')).toHaveLength(0);
    await expect(cli('site', 'frobnicate')).rejects.toThrow(UsageError);
  });

  it('builds a site: site, markets (an unknown price list refused), a facet, a collection and a key', async () => {
    expect(
      (
        await cli(
          'site',
          'save',
          '--tenant',
          'clishop',
          '--code',
          'web',
          '--name',
          'Web shop',
          '--ecom-site-id',
          '1',
          '--dev-origins',
          'http://localhost:5173',
        )
      ).out,
    ).toEqual({ siteId: expect.any(Number) });
    // A second save under the code is refused; an update (--site) changes only what it names.
    const again = await cli(
      'site',
      'save',
      '--tenant',
      'clishop',
      '--code',
      'web',
      '--name',
      'Other',
      '--ecom-site-id',
      '1',
    );
    expect([again.code, again.err]).toEqual([
      1,
      expect.stringContaining('another site of this tenant has the code "web"'),
    ]);
    expect((await cli('site', 'save', ...site, '--name', 'Web shop')).code).toBe(0);
    expect((await t.db('storefront_sites').whereNull('removed_at').first()).draft.site).toMatchObject({
      code: 'web',
      name: 'Web shop',
      devOrigins: ['http://localhost:5173'],
    });
    const market = (code: string, list: number, currency: string, isDefault: boolean) =>
      JSON.stringify({
        code,
        language: code === 'se' ? 'sv' : 'en',
        currency,
        country: code === 'se' ? 'SE' : 'IE',
        urlTemplate: `https://${code}.web.example/{path}`,
        priceListId: list,
        isDefault,
      });
    expect(
      (await cli('market', 'save', ...site, '--json', market('se', lists[0]!.id, lists[0]!.currency, true))).code,
    ).toBe(0);
    const unknown = await cli('market', 'save', ...site, '--json', market('eu', 999_999, lists[1]!.currency, false));
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('markets[1].priceListId: price list 999999 does not exist');
    expect(
      (await cli('market', 'save', ...site, '--json', market('eu', lists[1]!.id, lists[1]!.currency, false))).code,
    ).toBe(0);
    expect(
      (
        await cli(
          'facet',
          'save',
          ...site,
          '--key',
          'brand',
          '--definition',
          '{"source":{"kind":"brand"},"type":"list"}',
        )
      ).code,
    ).toBe(0);
    const reserved = await cli(
      'facet',
      'save',
      ...site,
      '--key',
      'price',
      '--definition',
      '{"source":{"kind":"brand"},"type":"list"}',
    );
    expect(reserved.err).toContain('"price" is reserved');
    expect(
      (
        await cli(
          'collection',
          'save',
          ...site,
          '--json',
          '{"slugs":{"en":"Everything"},"names":{"en":"Everything"},"filter":{"all":[]}}',
        )
      ).out,
    ).toEqual({ collectionId: 1 });
    const key = await cli('key', 'create', ...site, '--kind', 'publishable', '--label', 'web');
    const raw = (key.out as { key: string }).key;
    expect(raw).toMatch(/^sfk_pub_[A-Za-z0-9_-]{43}$/);
    const row = await t.db('storefront_keys').first();
    expect(row).toMatchObject({ key_hash: hashKey(raw), published_version: null });
    expect(JSON.stringify(row)).not.toContain(raw);
  });

  const runs = async () =>
    (await cli('sync-status', ...site, '--limit', '50')).out as {
      mode: string;
      outcome: string;
      documentCount: number;
      indexName: string;
      swappedAt: string | null;
    }[];

  it('diffs the draft, publishes it, and the queued full run goes live', async () => {
    const diff = (await cli('diff', ...site)).out as {
      changes: { op: string; path: string }[];
      keysToPublish: unknown[];
    };
    expect(diff.changes.map((c) => `${c.op} ${c.path}`)).toEqual(
      expect.arrayContaining([
        'add markets.se',
        'add markets.eu',
        'add facets.brand',
        'add collections.1',
        'add site.code',
      ]),
    );
    expect(diff.keysToPublish).toHaveLength(1);
    expect((await cli('publish', ...site, '--note', 'launch')).out).toMatchObject({ version: 1, first: true });
    expect(await t.db('storefront_keys').whereNotNull('published_version')).toHaveLength(1);
    expect(((await cli('diff', ...site)).out as { changes: unknown[] }).changes).toEqual([]);
    // No worker runs yet: the publish's full run waits in the queue, and there is nothing to roll back to.
    const none = await cli('rollback', ...site);
    expect(none.code).toBe(1);
    expect(none.err).toContain('no previous index');
    worker = startWorker();
    const reindex = await cli('reindex', ...site, '--wait');
    expect(reindex.out).toMatchObject({ outcome: 'ok' });
    const [latest] = await runs();
    expect(latest).toMatchObject({ mode: 'full', outcome: 'ok' });
    expect(latest!.documentCount).toBeGreaterThan(0);
  }, 60_000);

  it('rolls back to the index that was live before', async () => {
    expect((await cli('reindex', ...site, '--wait')).out).toMatchObject({ outcome: 'ok' });
    const [newest, previous] = (await runs()).filter((r) => r.swappedAt !== null);
    expect((await cli('rollback', ...site)).out).toEqual({ live: previous!.indexName });
    expect(newest!.indexName).not.toBe(previous!.indexName);
  }, 60_000);
});
