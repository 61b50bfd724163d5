import { finishRun, recordSwap, startRun, type RunWarning } from '../../../../../indexer/runs/sync-runs';
import { seedTenant } from '../../../../../scripts/seed/seed-tenant';
import type { IndexInfo, SearchEngine } from '../../../../../shared/search';
import { saveSite } from '../../../../../shared/storefront-config/drafts';
import { startBusinessApi, type BusinessApiHarness } from '../../../../support/business-api';
import { insertTenant } from '../../../../support/identity';
import { publishTwoMarketSite } from '../../../../support/storefront-fixture';

// GET /storefront/sites/{siteId}/runs beside the runs: the live index (its count now, from the engine) and the index a
// rollback would choose, why a gated run was held back, and a running run's progress from its BullMQ job. The engine
// is a stand-in holding only indices and the alias, so each answer's figures are the test's own.

type Stats = { count: number; facetValues: Record<string, number>; inStockShare: number };

/** An engine that knows only which indices exist, their counts and where the live alias points; `down` makes it fail. */
function standInEngine() {
  const state = { alias: '', live: null as string | null, indices: new Map<string, number>(), down: false };
  const check = () => {
    if (state.down) throw new Error('engine unreachable');
  };
  const engine = {
    resolveAlias: async (alias: string) => {
      check();
      return alias === state.alias ? state.live : null;
    },
    listIndices: async (prefix: string): Promise<IndexInfo[]> => {
      check();
      return [...state.indices]
        .filter(([name]) => name.startsWith(prefix))
        .map(([name, docCount]) => ({ name, docCount, aliases: name === state.live ? [state.alias] : [] }));
    },
    count: async (name: string) => {
      check();
      return state.indices.get(name) ?? 0;
    },
  } as unknown as SearchEngine;
  return { state, engine };
}

describe('GET /storefront/sites/{siteId}/runs: the live index, the gate and progress', () => {
  let h: BusinessApiHarness;
  const { state, engine } = standInEngine();
  let tenantId: number;
  let siteId: number;
  let token: string;
  let readOnly: string;
  let stranger: string;
  const ids: Record<'first' | 'second' | 'gated', number> = { first: 0, second: 0, gated: 0 };
  const index = (n: number) => `sf${siteId}-web.full.${n}`;
  const stats = (count: number): Stats => ({ count, facetValues: { brand: 4 }, inStockShare: 0.5 });
  const runs = async (as = token) =>
    h.call('get', `/storefront/sites/${siteId}/runs`, { token: as, query: { limit: 20 } });

  async function fullRun(
    n: number,
    outcome: 'ok' | 'gated',
    documents: number,
    warnings: RunWarning[] = [],
  ): Promise<number> {
    const scope = { tenantId, siteId };
    const id = await startRun(h.t.db, scope, {
      mode: 'full',
      jobId: null,
      attempt: 1,
      configVersion: 1,
      indexName: index(n),
    });
    await finishRun(h.t.db, id, {
      outcome,
      documentCount: documents,
      warnings,
      timings: { totalMs: 900 },
      stats: stats(documents),
      swapped: outcome === 'ok',
    });
    return id;
  }

  beforeAll(async () => {
    h = await startBusinessApi({ engine: async () => engine });
    tenantId = (
      await seedTenant(h.t.db, {
        tenant: 'run-status',
        products: 3,
        orders: 0,
        seed: 3,
        asOf: new Date('2025-06-01T00:00:00Z'),
        analyze: false,
      })
    ).tenantId;
    siteId = await publishTwoMarketSite(h.t.db, tenantId, 'web');
    state.alias = `sf${siteId}-web`;
    const other = await insertTenant(h.t.db, 'run-status-other');
    [token, readOnly, stranger] = await Promise.all([
      h.token(tenantId),
      h.token(tenantId, { access: 'read-only' }),
      h.token(other),
    ]);
    ids.first = await fullRun(1, 'ok', 20);
    ids.second = await fullRun(2, 'ok', 18);
    const gate = { code: 'GATED', detail: 'count: 5 documents against 18 live (below 50%)' };
    ids.gated = await fullRun(3, 'gated', 5, [{ code: 'INACTIVE', productId: '4' }, gate]);
    state.indices = new Map([
      [index(1), 20],
      [index(2), 17],
      [index(3), 5],
    ]);
    state.live = index(2);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('gives the live index with its count now, the rollback target, and why the gated run was held back, to a read-only token too', async () => {
    const res = await runs(readOnly);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('gated');
    // Deltas took a document out since the run that built it counted 18: the count is the index's now.
    expect(res.body.live).toEqual({
      indexName: index(2),
      documentCount: 17,
      runId: ids.second,
      configVersion: 1,
      swappedAt: expect.any(String),
      stats: stats(18),
    });
    expect(res.body.rollbackTo).toMatchObject({ indexName: index(1), documentCount: 20, runId: ids.first });
    const [gated, second] = res.body.runs;
    expect([gated.id, gated.gate, gated.stats, gated.swappedAt, gated.progress]).toEqual([
      ids.gated,
      { check: 'count', detail: '5 documents against 18 live (below 50%)' },
      stats(5),
      null,
      null,
    ]);
    expect(gated.warnings).toContainEqual({ code: 'INACTIVE', productId: '4' });
    expect([second.id, second.gate]).toEqual([ids.second, null]);
  });

  it('offers no rollback target once the index before is gone, and a site never published has no live index', async () => {
    state.indices.delete(index(1));
    try {
      expect((await runs()).body).toMatchObject({ live: { indexName: index(2) }, rollbackTo: null });
    } finally {
      state.indices.set(index(1), 20);
    }
    const draftOnly = await saveSite(h.t.db, tenantId, { code: 'draft', name: 'Draft only', ecomSiteId: 1 });
    const res = await h.call('get', `/storefront/sites/${draftOnly}/runs`, { token });
    expect(res.body).toEqual({ siteId: draftOnly, status: 'never-run', runs: [], live: null, rollbackTo: null });
  });

  it('still lists the runs when the engine cannot be reached, without a live index', async () => {
    state.down = true;
    try {
      const res = await runs();
      expect([res.status, res.body.runs.length, res.body.live, res.body.rollbackTo]).toEqual([200, 3, null, null]);
    } finally {
      state.down = false;
    }
  });

  it("reports a running run's documents done of the total from its job, and nothing for a job that is gone", async () => {
    const job = await h.queue.add('full', { type: 'full', siteId });
    await job.updateProgress({ done: 7, total: 20 });
    const scope = { tenantId, siteId };
    const gone = await startRun(h.t.db, scope, {
      mode: 'preview',
      jobId: 'no-such-job',
      attempt: 1,
      configVersion: null,
      indexName: null,
    });
    const running = await startRun(h.t.db, scope, {
      mode: 'full',
      jobId: job.id!,
      attempt: 1,
      configVersion: 1,
      indexName: index(4),
    });
    try {
      const res = await runs();
      expect(res.body.status).toBe('running');
      const byId = new Map(res.body.runs.map((r: { id: number; progress: unknown }) => [r.id, r.progress]));
      expect([byId.get(running), byId.get(gone), byId.get(ids.second)]).toEqual([{ done: 7, total: 20 }, null, null]);
    } finally {
      await job.remove();
      await h.t.db('storefront_sync_runs').whereIn('id', [running, gone]).delete();
    }
  });

  it('says ok once the gated run is confirmed (its outcome stays gated), with the index before it as the rollback target', async () => {
    await recordSwap(h.t.db, { tenantId, siteId }, ids.gated);
    state.live = index(3);
    const res = await runs();
    expect([res.body.status, res.body.runs[0].outcome, res.body.runs[0].swappedAt]).toEqual([
      'ok',
      'gated',
      expect.any(String),
    ]);
    expect([res.body.live.runId, res.body.live.documentCount, res.body.rollbackTo.indexName]).toEqual([
      ids.gated,
      5,
      index(2),
    ]);
  });

  it('lists only the modes asked for, the status still that of the newest full run (confirmed: ok)', async () => {
    const scope = { tenantId, siteId };
    const delta = await startRun(h.t.db, scope, {
      mode: 'delta',
      jobId: null,
      attempt: 1,
      configVersion: 1,
      indexName: index(2),
    });
    await finishRun(h.t.db, delta, { outcome: 'ok', documentCount: 1, warnings: [], timings: {} });
    try {
      const modes = async (query: string) => {
        const res = await h.call('get', `/storefront/sites/${siteId}/runs?${query}`, { token: readOnly });
        return [res.body.status, res.body.runs.map((r: { mode: string }) => r.mode)];
      };
      expect(await modes('mode=delta')).toEqual(['ok', ['delta']]);
      expect(await modes('mode=full&mode=preview&limit=2')).toEqual(['ok', ['full', 'full']]);
      expect(await modes('limit=1')).toEqual(['ok', ['delta']]);
      const bad = await h.call('get', `/storefront/sites/${siteId}/runs?mode=weekly`, { token });
      expect([bad.status, Object.keys(bad.body.errors)]).toEqual([400, ['mode.0']]);
    } finally {
      await h.t.db('storefront_sync_runs').where({ id: delta }).delete();
    }
  });

  it("answers 401 without a token and 404 for another tenant's site, and names a bad limit", async () => {
    expect((await h.call('get', `/storefront/sites/${siteId}/runs`)).status).toBe(401);
    const theirs = await runs(stranger);
    expect([theirs.status, theirs.body.code]).toEqual([404, 'not_found']);
    const bad = await h.call('get', `/storefront/sites/${siteId}/runs`, { token, query: { limit: 201 } });
    expect([bad.status, Object.keys(bad.body.errors)]).toEqual([400, ['limit']]);
  });
});
