import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from 'bullmq';
import { createIndexQueue, requestRun } from '../../../../shared/index-queue';
import { createRedis, type Redis } from '../../../../shared/redis';
import { EmbeddedSearchEngine } from '../../../../shared/search/embedded/lifecycle/embedded-engine';
import { PgAliasStore } from '../../../../shared/search/embedded/lifecycle/pg-alias-store';
import { SnapshotStore } from '../../../../shared/search/embedded/snapshot/snapshot-store';
import { seedTenant } from '../../../../scripts/seed/seed-tenant';
import { runIndexJob } from '../../../../indexer/runs/run-job';
import { listRuns } from '../../../../indexer/runs/sync-runs';
import { createWorker } from '../../../../indexer/worker';
import { requireEnv } from '../../../support/admin-db';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { publishTwoMarketSite, runDeps } from '../../../support/storefront-fixture';

const ROOT = path.resolve(__dirname, '../../../..');

function startChild(env: NodeJS.ProcessEnv): { child: ChildProcess; lines: string[]; next: (line: RegExp) => Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'tests/support/indexer-child.ts')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const waiters: { re: RegExp; resolve: (l: string) => void }[] = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      lines.push(line);
      for (const w of waiters.filter((x) => x.re.test(line))) w.resolve(line);
    }
  });
  const next = (re: RegExp) => new Promise<string>((resolve) => {
    const seen = lines.find((l) => re.test(l));
    if (seen !== undefined) resolve(seen);
    else waiters.push({ re, resolve });
  });
  return { child, lines, next };
}

describe('a worker killed with SIGKILL mid-run', () => {
  let t: TestDb;
  let dataDir: string;
  let redis: Redis;
  let worker: Worker | null = null;
  let tenantId: number;
  let siteId: number;
  const prefix = `kill${randomBytes(4).toString('hex')}`;
  const engine = () => new EmbeddedSearchEngine({ aliasStore: new PgAliasStore(t.db), snapshots: new SnapshotStore(path.join(dataDir, 'search')) });

  beforeAll(async () => {
    t = await createTestDb();
    dataDir = await mkdtemp(path.join(tmpdir(), 'aisle-kill-'));
    redis = createRedis(requireEnv('REDIS_URL'));
    tenantId = (await seedTenant(t.db, { tenant: 'kill', products: 120, orders: 0, seed: 4, asOf: new Date('2025-06-01T00:00:00Z'), analyze: false })).tenantId;
    siteId = await publishTwoMarketSite(t.db, tenantId);
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    redis.disconnect();
    await rm(dataDir, { recursive: true, force: true });
    await t.drop();
  });

  it('leaves the live alias intact; the job is retried and succeeds; no orphan index remains', async () => {
    const first = engine();
    expect(await runIndexJob(runDeps(t.db, first), { type: 'full', siteId }, { jobId: null, attempt: 1 })).toBe('ok');
    const alias = `sf${siteId}-shop`;
    const live = await first.resolveAlias(alias);

    const { child, next } = startChild({ ...process.env, DATABASE_URL: t.url, DATA_DIR: dataDir, QUEUE_PREFIX: prefix, HOLD_BEFORE_SWAP_MS: '60000' });
    await next(/^ready$/);
    const queue = createIndexQueue(redis, prefix);
    const { jobId } = await requestRun(queue, { type: 'full', siteId });
    const held = (await next(/^holding /)).slice('holding '.length);
    // Killed after its new index was built and persisted, before the swap.
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(await engine().resolveAlias(alias)).toBe(live);
    expect((await engine().listIndices(held)).map((i) => i.name)).toEqual([held]);

    const survivor = engine();
    worker = createWorker({ ...runDeps(t.db, survivor), connection: redis, prefix, syncEngine: async () => void (await survivor.syncAliases()), stalledInterval: 1000 });
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
  }, 90_000);
});
