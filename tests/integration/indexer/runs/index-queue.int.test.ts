import { randomBytes } from 'node:crypto';
import type { Queue, Worker } from 'bullmq';
import { createIndexQueue, requestRun } from '../../../../shared/index-queue';
import { createLogger } from '../../../../shared/logger';
import { createRedis, type Redis } from '../../../../shared/redis';
import type { BulkFailure, BulkOperation, BulkResult, SearchEngine } from '../../../../shared/search';
import { seedTenant } from '../../../../scripts/seed/seed-tenant';
import { listRuns } from '../../../../indexer/runs/sync-runs';
import { createWorker } from '../../../../indexer/worker';
import { requireEnv } from '../../../support/admin-db';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestEngine, publishTwoMarketSite, type EmbeddedTestEngine } from '../../../support/storefront-fixture';
import { until as pollUntil } from '../../../support/until';

const AS_OF = new Date('2025-06-01T00:00:00Z');

/** The real engine with `createIndex` preceded by `before` (a delay, or a fault that makes the run fail). */
function withCreateIndex(engine: SearchEngine, before: () => Promise<void>): SearchEngine {
  return new Proxy(engine, {
    get(target, prop, receiver) {
      if (prop === 'createIndex') {
        return async (...args: Parameters<SearchEngine['createIndex']>) => {
          await before();
          return target.createIndex(...args);
        };
      }
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The real engine, except that while `refuse()` holds its bulk takes no document: each is failed as one only an
 * index built afresh can take (as Elasticsearch fails a key its live mapping cannot add); deletes still apply.
 */
function refusingDocuments(engine: SearchEngine, refuse: () => boolean): SearchEngine {
  const bulk = async (name: string, operations: BulkOperation[]): Promise<BulkResult> => {
    if (!refuse()) return engine.bulk(name, operations);
    const kept = operations.flatMap((operation, position) =>
      operation.action === 'delete' ? [{ operation, position }] : [],
    );
    const inner = await engine.bulk(
      name,
      kept.map((k) => k.operation),
    );
    const refused = operations.flatMap((operation, position): BulkFailure[] =>
      operation.action === 'index'
        ? [
            {
              position,
              id: operation.document.id,
              reason: 'injected: a key the live index cannot add',
              needsRebuild: true,
            },
          ]
        : [],
    );
    return {
      succeeded: inner.succeeded,
      failures: [...inner.failures.map((f) => ({ ...f, position: kept[f.position]?.position ?? -1 })), ...refused],
    };
  };
  return new Proxy(engine, {
    get(target, prop, receiver) {
      if (prop === 'bulk') return bulk;
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Polls quicker than the default: a run's 'running' state lasts only as long as its injected delay. */
const until = <T>(probe: () => Promise<T | undefined>) => pollUntil(probe, 20_000, 50);

describe('the storefront-index queue and worker', () => {
  let t: TestDb;
  let e: EmbeddedTestEngine;
  let redis: Redis;
  let queue: Queue;
  let tenantId: number;
  let siteId: number;
  const prefix = `tq-${randomBytes(4).toString('hex')}`;
  const workers: Worker[] = [];
  const start = (engine: SearchEngine) => {
    const worker = createWorker({
      db: t.db,
      engine,
      logger: createLogger({ name: 'test', level: 'silent' }),
      gateFraction: 0.5,
      batchSize: 100,
      connection: redis,
      prefix,
    });
    workers.push(worker);
    return worker;
  };

  beforeAll(async () => {
    t = await createTestDb();
    e = await createTestEngine(t.db);
    redis = createRedis(requireEnv('REDIS_URL'));
    queue = createIndexQueue(redis, prefix);
    tenantId = (
      await seedTenant(t.db, { tenant: 'queue', products: 150, orders: 0, seed: 9, asOf: AS_OF, analyze: false })
    ).tenantId;
    siteId = await publishTwoMarketSite(t.db, tenantId);
  }, 60_000);
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.close()));
    await queue.obliterate({ force: true });
  });
  afterAll(async () => {
    await queue.close();
    redis.disconnect();
    await e.cleanup();
    await t.drop();
  });

  it('100 concurrent requests leave at most one active and one waiting run', async () => {
    start(withCreateIndex(e.engine, () => new Promise((r) => setTimeout(r, 1500))));
    await requestRun(queue, { type: 'full', siteId });
    // The run has started (its row exists) once the worker released the request's deduplication key.
    await until(async () =>
      (await listRuns(t.db, { tenantId, siteId }, 1))[0]?.outcome === 'running' ? true : undefined,
    );
    await Promise.all(Array.from({ length: 100 }, () => requestRun(queue, { type: 'full', siteId })));
    const counts = await queue.getJobCounts('active', 'waiting', 'delayed', 'prioritized');
    expect(counts.active + counts.waiting + counts.delayed + counts.prioritized).toBeLessThanOrEqual(2);
    expect(counts.waiting + counts.prioritized).toBe(1);
    await until(async () => ((await queue.getJobCounts('completed')).completed === 2 ? true : undefined));
  }, 60_000);

  it('a gated run ends its job at once: never retried', async () => {
    start(e.engine);
    const first = await requestRun(queue, { type: 'full', siteId });
    await until(async () => ((await queue.getJob(first.jobId!))?.finishedOn !== undefined ? true : undefined));
    const roots: number[] = await t
      .db('products')
      .where({ tenant_id: tenantId })
      .whereNull('parent_id')
      .orderBy('id')
      .pluck('id');
    const off = roots.filter((_, i) => i % 5 < 3);
    await t.db('products').where({ tenant_id: tenantId }).whereIn('id', off).update({ is_active: false });
    try {
      const { jobId } = await requestRun(queue, { type: 'full', siteId });
      const job = await until(async () => {
        const j = await queue.getJob(jobId!);
        return j?.finishedOn !== undefined ? j : undefined;
      });
      expect(job.returnvalue).toBe('gated');
      expect(job.attemptsMade).toBe(1);
      // Long enough for a retry's first backoff (1 s) to have started one.
      await new Promise((r) => setTimeout(r, 1500));
      const runs = await listRuns(t.db, { tenantId, siteId }, 2);
      expect(runs.map((r) => r.outcome)).toEqual(['gated', 'ok']);
      expect(await queue.getJobCounts('waiting', 'delayed', 'active')).toEqual({ waiting: 0, delayed: 0, active: 0 });
    } finally {
      await t.db('products').where({ tenant_id: tenantId }).whereIn('id', off).update({ is_active: true });
    }
  }, 60_000);

  it('a delta whose documents the live index cannot take queues a full run, says so, and that run rebuilds the index', async () => {
    let refuse = false;
    start(refusingDocuments(e.engine, () => refuse));
    const first = await requestRun(queue, { type: 'full', siteId });
    await until(async () => ((await queue.getJob(first.jobId!))?.finishedOn !== undefined ? true : undefined));
    const [changed] = await t
      .db('products')
      .where({ tenant_id: tenantId, is_active: true })
      .whereNull('parent_id')
      .orderBy('id')
      .limit(1)
      .pluck('id');
    await t.db('products').where({ tenant_id: tenantId, id: changed }).update({ name: 'Changed for the delta' });
    refuse = true;
    const delta = await requestRun(queue, { type: 'delta', siteId });
    await until(async () => ((await queue.getJob(delta.jobId!))?.finishedOn !== undefined ? true : undefined));
    refuse = false;
    // The full run it queued may have started already.
    const deltaRun = (await listRuns(t.db, { tenantId, siteId }, 2)).find((run) => run.mode === 'delta');
    expect(deltaRun).toMatchObject({ mode: 'delta', outcome: 'ok' });
    expect(deltaRun?.warnings).toContainEqual({
      code: 'REJECTED',
      productId: String(changed),
      detail: 'injected: a key the live index cannot add',
    });
    expect(deltaRun?.warnings).toContainEqual({
      code: 'FULL_RUN_QUEUED',
      detail: '1 product uses fields the live index cannot take (see REJECTED): a full run is queued to rebuild it',
    });
    // The full run the delta queued runs next, on the worker that ran the delta.
    const rebuilt = await until(async () => {
      const [latest] = await listRuns(t.db, { tenantId, siteId }, 1);
      return latest !== undefined && latest.id > deltaRun!.id && latest.outcome !== 'running' ? latest : undefined;
    });
    expect(rebuilt).toMatchObject({ mode: 'full', outcome: 'ok' });
    expect(await e.engine.resolveAlias(`sf${siteId}-shop`)).toBe(rebuilt.indexName);
  }, 60_000);

  it('a failing run is recorded failed, retried with backoff, and ends ok', async () => {
    let failures = 2;
    start(
      withCreateIndex(e.engine, async () => {
        if (failures-- > 0) throw new Error('injected failure: engine unavailable');
      }),
    );
    const { jobId } = await requestRun(queue, { type: 'full', siteId });
    const job = await until(async () => {
      const j = await queue.getJob(jobId!);
      return j?.finishedOn !== undefined ? j : undefined;
    });
    expect(job.returnvalue).toBe('ok');
    expect(job.attemptsMade).toBe(3);
    const runs = (await listRuns(t.db, { tenantId, siteId }, 3)).reverse();
    expect(runs.map((r) => r.outcome)).toEqual(['failed', 'failed', 'ok']);
    expect(runs[0]?.warnings).toContainEqual({ code: 'ERROR', detail: 'injected failure: engine unavailable' });
    // Exponential backoff: 1 s, then 2 s, between the attempts.
    const gaps = runs.slice(1).map((r, i) => r.startedAt.getTime() - runs[i]!.startedAt.getTime());
    expect(gaps[0]).toBeGreaterThanOrEqual(900);
    expect(gaps[1]).toBeGreaterThanOrEqual(1900);
  }, 60_000);
});
