// Proves (issue 16, reliability: "the indexer under SIGKILL and SIGTERM mid-run"): an indexer process killed with
// either signal in the middle of a full run (its new index built and persisted, the alias not yet moved) leaves the
// live alias on the index it named before; the job is retried by another worker and succeeds; and no orphan index
// remains (the killed run's index is removed, only the old and the new live index are left). On SIGTERM the process
// shuts down as indexer/main.ts does: it waits for the run until its shutdown time limit, then exits.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from 'bullmq';
import { createIndexQueue, requestRun } from '../../shared/index-queue';
import { createRedis, type Redis } from '../../shared/redis';
import { EmbeddedSearchEngine } from '../../shared/search/embedded/lifecycle/embedded-engine';
import { PgAliasStore } from '../../shared/search/embedded/lifecycle/pg-alias-store';
import { SnapshotStore } from '../../shared/search/embedded/snapshot/snapshot-store';
import { seedTenant } from '../../scripts/seed/seed-tenant';
import { runIndexJob } from '../../indexer/runs/run-job';
import { listRuns } from '../../indexer/runs/sync-runs';
import { createWorker } from '../../indexer/worker';
import { requireEnv } from '../support/admin-db';
import { startIndexerChild } from '../support/indexer-child-process';
import { createTestDb, type TestDb } from '../support/test-db';
import { publishTwoMarketSite, runDeps } from '../support/storefront-fixture';

describe('an indexer killed mid-run', () => {
  let t: TestDb;
  let dataDir: string;
  let redis: Redis;
  let tenantId: number;
  const workers: Worker[] = [];
  const engine = () =>
    new EmbeddedSearchEngine({
      aliasStore: new PgAliasStore(t.db),
      snapshots: new SnapshotStore(path.join(dataDir, 'search')),
    });

  beforeAll(async () => {
    t = await createTestDb();
    dataDir = await mkdtemp(path.join(tmpdir(), 'aisle-kill-'));
    redis = createRedis(requireEnv('REDIS_URL'));
    tenantId = (
      await seedTenant(t.db, {
        tenant: 'kill',
        products: 120,
        orders: 0,
        seed: 4,
        asOf: new Date('2025-06-01T00:00:00Z'),
        analyze: false,
      })
    ).tenantId;
  }, 60_000);
  afterAll(async () => {
    for (const worker of workers) await worker.close();
    redis.disconnect();
    await rm(dataDir, { recursive: true, force: true });
    await t.drop();
  });

  // SIGTERM: the process waits for its run (held before the swap far longer than its 1 s shutdown limit), then the
  // exit is forced with code 1 while the job is still active. SIGKILL: it dies at once.
  it.each([
    ['SIGKILL', { code: null, signal: 'SIGKILL' }],
    ['SIGTERM', { code: 1, signal: null }],
  ] as const)(
    'under %s leaves the live alias intact; the job is retried and succeeds; no orphan index remains',
    async (signal, exit) => {
      const code = `shop-${signal.toLowerCase()}`;
      const siteId = await publishTwoMarketSite(t.db, tenantId, code);
      const prefix = `kill${randomBytes(4).toString('hex')}`;
      const first = engine();
      expect(await runIndexJob(runDeps(t.db, first), { type: 'full', siteId }, { jobId: null, attempt: 1 })).toBe('ok');
      const alias = `sf${siteId}-${code}`;
      const live = await first.resolveAlias(alias);

      const { child, next, exited } = startIndexerChild({
        ...process.env,
        DATABASE_URL: t.url,
        DATA_DIR: dataDir,
        QUEUE_PREFIX: prefix,
        HOLD_BEFORE_SWAP_MS: '60000',
        SHUTDOWN_TIMEOUT_MS: '1000',
      });
      await next(/^ready$/);
      const queue = createIndexQueue(redis, prefix);
      const { jobId } = await requestRun(queue, { type: 'full', siteId });
      const held = (await next(/^holding /)).slice('holding '.length);
      // Killed after its new index was built and persisted, before the swap.
      child.kill(signal);
      expect(await exited).toEqual(exit);
      expect(await engine().resolveAlias(alias)).toBe(live);
      expect((await engine().listIndices(held)).map((i) => i.name)).toEqual([held]);

      const survivor = engine();
      workers.push(
        createWorker({
          ...runDeps(t.db, survivor),
          connection: redis,
          prefix,
          syncEngine: async () => void (await survivor.syncAliases()),
          stalledInterval: 1000,
        }),
      );
      const job = await (async () => {
        for (const end = Date.now() + 30_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
          const j = await queue.getJob(jobId!);
          if (j?.finishedOn !== undefined) return j;
        }
        throw new Error('the job was not retried in time');
      })();
      expect(job.returnvalue).toBe('ok');
      const runs = await listRuns(t.db, { tenantId, siteId }, 3);
      expect(runs.map((r) => r.outcome)).toEqual(['ok', 'failed', 'ok']);
      expect(runs[1]?.errors).toEqual(['the worker stopped during the run']);
      const newLive = await engine().resolveAlias(alias);
      expect(newLive).toBe(runs[0]?.indexName);
      const remaining = (await engine().listIndices(`${alias}.full.`)).map((i) => i.name).sort();
      expect(remaining).toEqual([live, newLive].sort());
      expect(remaining).not.toContain(held);
      await queue.close();
    },
    90_000,
  );
});
