import { finishRun, startRun } from '../../../../../indexer/runs/sync-runs';
import { saveSite } from '../../../../../shared/storefront-config/drafts';
import { startBusinessApi, type BusinessApiHarness } from '../../../../support/business-api';
import { insertTenant } from '../../../../support/identity';

// The sync status of GET /storefront/sites/{siteId}/runs is the newest full run's outcome whatever `limit` is: the
// admin console's overview asks for one run, and deltas (every few seconds) usually come after the full run.

describe('GET /storefront/sites/{siteId}/runs: the status beyond the page', () => {
  let h: BusinessApiHarness;
  let token: string;
  let siteId: number;

  beforeAll(async () => {
    h = await startBusinessApi();
    const tenantId = await insertTenant(h.t.db, 'status');
    siteId = await saveSite(h.t.db, tenantId, { code: 'web', name: 'Web', ecomSiteId: 1 });
    const scope = { tenantId, siteId };
    const run = async (mode: 'full' | 'delta', outcome: 'ok' | 'gated') => {
      const id = await startRun(h.t.db, scope, { mode, jobId: null, attempt: 1, configVersion: 1, indexName: 'web-1' });
      await finishRun(h.t.db, id, { outcome, documentCount: 1, warnings: [], timings: {} });
    };
    await run('full', 'gated');
    for (let i = 0; i < 3; i++) await run('delta', 'ok');
    token = await h.token(tenantId, { access: 'read-only' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is the newest full run outcome with limit=1, and the same with a page that holds it', async () => {
    const one = await h.call('get', `/storefront/sites/${siteId}/runs`, { token, query: { limit: 1 } });
    expect([one.status, one.body.status, one.body.runs.map((r: { mode: string }) => r.mode)]).toEqual([
      200,
      'gated',
      ['delta'],
    ]);
    const all = await h.call('get', `/storefront/sites/${siteId}/runs`, { token, query: { limit: 10 } });
    expect([all.body.status, all.body.runs.length]).toEqual(['gated', 4]);
  });
});
