import { runIndexJob } from '../../../../indexer/runs/run-job';
import { removeFromDraft, saveFacet } from '../../../../shared/storefront-config/drafts';
import { publishConfig } from '../../../../shared/storefront-config/publish';
import { indexedShop, runDeps, type IndexedShop } from '../../../support/storefront-fixture';
import { createTestDb, type TestDb } from '../../../support/test-db';

// The gate looks for lost data, not for a new configuration: a routine publish that changes the facets swaps as
// usual (spec: a run is gated when its count "dropped far enough to look like data loss").

describe('the gate and configuration changes', () => {
  let t: TestDb;
  let shop: IndexedShop;

  beforeAll(async () => {
    t = await createTestDb();
    // Zero-config facets: every category root is one, live.
    shop = await indexedShop(t.db, { tenant: 'gate-config', products: 60, seed: 31 });
  }, 90_000);
  afterAll(async () => {
    await shop.engine.cleanup();
    await t.drop();
  });

  const publishAndRun = async (note: string) => {
    await publishConfig(t.db, shop.tenantId, shop.siteId, note);
    return runIndexJob(
      runDeps(t.db, shop.engine.engine),
      { type: 'full', siteId: shop.siteId },
      { jobId: null, attempt: 1 },
    );
  };
  const gatedRuns = async () =>
    (await t.db('storefront_sync_runs').where({ site_id: shop.siteId, outcome: 'gated' })).length;

  it('swaps when configured facets replace the zero-config ones, then when a facet is renamed', async () => {
    await saveFacet(t.db, shop.tenantId, shop.siteId, 'brand', { source: { kind: 'brand' }, type: 'list' });
    expect(await publishAndRun('configured facets')).toBe('ok');
    await saveFacet(t.db, shop.tenantId, shop.siteId, 'maker', { source: { kind: 'brand' }, type: 'list' });
    await removeFromDraft(t.db, shop.tenantId, shop.siteId, 'facets', 'brand');
    expect(await publishAndRun('brand renamed to maker')).toBe('ok');
    expect(await gatedRuns()).toBe(0);
  }, 60_000);

  it('still gates a run that lost most of a facet both configurations define', async () => {
    const brands = await t.db('products').where({ tenant_id: shop.tenantId }).distinct('brand_id').pluck('brand_id');
    // Every product of all brands but one now has that one brand: the maker facet keeps one value of many.
    await t.db('products').where({ tenant_id: shop.tenantId }).update({ brand_id: brands[0] });
    expect(await publishAndRun('same facets, lost brands')).toBe('gated');
  }, 60_000);
});
