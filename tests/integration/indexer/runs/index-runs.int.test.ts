import { seedTenant } from '../../../../scripts/seed/seed-tenant';
import { runIndexJob } from '../../../../indexer/runs/run-job';
import { confirmGated, rollback } from '../../../../indexer/runs/alias-actions';
import { loadRunSite } from '../../../../indexer/runs/run-context';
import { listRuns, type SyncRun } from '../../../../indexer/runs/sync-runs';
import type { IndexedCard } from '../../../../indexer/documents/card';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createEngineOf, publishTwoMarketSite, runDeps } from '../../../support/storefront-fixture';
import { engineKinds, type TestEngine } from '../../../support/test-engines';

const AS_OF = new Date('2025-06-01T00:00:00Z');
const job = { jobId: null, attempt: 1 };

// The index lifecycle through the indexer, on each engine: full run, delta, replay, gate, confirm, rollback, pruning.
// The first full run is made in beforeAll and every test builds on it alone: each passes by itself (jest -t).
describe.each(engineKinds('index runs'))('index runs on a seeded tenant (%s)', (kind) => {
  let t: TestDb;
  let e: TestEngine;
  let tenantId: number;
  let siteId: number;
  /** The first full run and what the engine served right after it. */
  let first: { outcome: string; row: SyncRun | undefined; live: string | null; count: number };
  const scope = () => ({ tenantId, siteId });
  const alias = () => `sf${siteId}-shop`;
  const run = (type: 'full' | 'delta' | 'preview', extra = {}) =>
    runIndexJob(runDeps(t.db, e.engine, extra), { type, siteId }, job);
  const latest = async () => (await listRuns(t.db, scope(), 1))[0];
  const cardOf = async (sku: string, market = 'm1') => {
    const result = await e.engine.search(alias(), { text: sku, language: 'en', market });
    return result.hits.map((h) => h.card as IndexedCard).find((c) => c.sku === sku);
  };
  const roots = async (): Promise<{ id: number; sku: string }[]> =>
    t
      .db('products')
      .where({ tenant_id: tenantId })
      .whereNull('parent_id')
      .where('is_active', true)
      .orderBy('id')
      .select('id', { sku: 'product_number' });

  beforeAll(async () => {
    t = await createTestDb();
    e = await createEngineOf(kind, t.db);
    tenantId = (
      await seedTenant(t.db, { tenant: 'runs', products: 400, orders: 0, seed: 5, asOf: AS_OF, analyze: false })
    ).tenantId;
    siteId = await publishTwoMarketSite(t.db, tenantId);
    const outcome = await run('full');
    first = {
      outcome,
      row: await latest(),
      live: await e.engine.resolveAlias(alias()),
      count: await e.engine.count(alias()),
    };
  }, 120_000);
  afterAll(async () => {
    await e.cleanup();
    await t.drop();
  });

  it('a first full run builds an index, swaps the alias and records an ok row with the count', async () => {
    expect(first.outcome).toBe('ok');
    const { row } = first;
    expect(row).toMatchObject({ mode: 'full', outcome: 'ok', configVersion: 1 });
    expect(first.live).toBe(row?.indexName);
    expect(row?.documentCount).toBe(first.count);
    expect(row?.documentCount).toBeGreaterThan(100);
    // The progress total: every storefront product of the catalogue, sold or not.
    const [{ n }] = await t
      .db('products')
      .where({ tenant_id: tenantId })
      .whereNull('parent_id')
      .count<{ n: string }[]>({ n: '*' });
    expect(row?.total).toBe(Number(n));
    expect(row?.swappedAt).not.toBeNull();
  });

  it('mints one slug per product and language, and the card carries them', async () => {
    const [first] = await roots();
    const card = await cardOf(first!.sku);
    const slugs: { language: string; slug: string }[] = await t
      .db('storefront_slugs')
      .where({ site_id: siteId, entity_type: 'product', entity_id: String(first!.id), current: true })
      .select('language', 'slug');
    expect(slugs.length).toBe(2);
    for (const { language, slug } of slugs) expect(card?.slug[language]).toBe(slug);
  });

  it('a delta run shows a price change and a stock change, and removes a deactivated product with its warning', async () => {
    const site = await loadRunSite(t.db, siteId, 'published');
    const list = site!.index.markets[0]!.priceListId;
    // Simple products (their own price and stock rows), sold on m1.
    const simple: { id: number; sku: string }[] = await t
      .db('products as p')
      .join('prices as pr', (j) => j.on('pr.tenant_id', 'p.tenant_id').andOn('pr.product_id', 'p.id'))
      .where({ 'p.tenant_id': tenantId, 'p.is_active': true, 'pr.price_list_id': list })
      .whereNull('p.parent_id')
      .whereExists((q) => q.select(1).from('stock as s').whereRaw('s.tenant_id = p.tenant_id and s.product_id = p.id'))
      .orderBy('p.id')
      .select('p.id', { sku: 'p.product_number' });
    const [priced, stocked, dropped] = simple.slice(3);
    await t
      .db('prices')
      .where({ tenant_id: tenantId, product_id: priced!.id, price_list_id: list })
      .update({ amount: '12345.6700' });
    const before = await cardOf(stocked!.sku);
    await t
      .db('stock')
      .where({ tenant_id: tenantId, product_id: stocked!.id })
      .update({ qty_in_stock: before?.inStock.m1 ? 0 : 50 });
    await t.db('products').where({ tenant_id: tenantId, id: dropped!.id }).update({ is_active: false });
    expect(await run('delta')).toBe('ok');
    const row = await latest();
    expect(row).toMatchObject({ mode: 'delta', outcome: 'ok' });
    expect(row?.documentCount).toBeGreaterThanOrEqual(3);
    expect((await cardOf(priced!.sku))?.price.m1?.amount).toBe('12345.67');
    expect((await cardOf(stocked!.sku))?.inStock.m1).toBe(!before?.inStock.m1);
    expect(await cardOf(dropped!.sku)).toBeUndefined();
    expect(row?.warnings).toContainEqual({ code: 'INACTIVE', productId: String(dropped!.id) });
  });

  it('a delta with nothing changed counts 0 documents', async () => {
    expect(await run('delta')).toBe('ok');
    expect((await latest())?.documentCount).toBe(0);
  });

  it('replays updates made while a full run streams, so the swapped index has them', async () => {
    const [early] = await roots();
    let changed = false;
    const onProgress = async () => {
      if (changed) return;
      changed = true;
      await t.db('products').where({ tenant_id: tenantId, id: early!.id }).update({ name: 'Renamed during the run' });
      await t
        .db('product_descriptions')
        .where({ tenant_id: tenantId, product_id: early!.id })
        .update({ name: 'Renamed during the run' });
    };
    expect(await run('full', { onProgress })).toBe('ok');
    expect(changed).toBe(true);
    expect((await cardOf(early!.sku))?.name.en).toBe('Renamed during the run');
    expect((await cardOf(early!.sku))?.slug.en).toBe('renamed-during-the-run');
  });

  it('gates a full run that loses 60% of the documents, keeps the alias, and confirm then rollback move it', async () => {
    const live = await e.engine.resolveAlias(alias());
    const all = await roots();
    const off = all.filter((_, i) => i % 5 < 3).map((p) => p.id);
    await t.db('products').where({ tenant_id: tenantId }).whereIn('id', off).update({ is_active: false });
    expect(await run('full')).toBe('gated');
    const gated = await latest();
    expect(gated).toMatchObject({ mode: 'full', outcome: 'gated', swappedAt: null });
    expect(gated?.warnings.find((w) => w.code === 'GATED')?.detail).toMatch(/^count: /);
    expect(await e.engine.resolveAlias(alias())).toBe(live);
    expect((await e.engine.listIndices(gated!.indexName!)).map((i) => i.name)).toEqual([gated!.indexName]);

    const site = (await loadRunSite(t.db, siteId, 'published'))!;
    expect(await confirmGated(runDeps(t.db, e.engine), site)).toBe(gated!.indexName);
    expect(await e.engine.resolveAlias(alias())).toBe(gated!.indexName);
    expect(await rollback(runDeps(t.db, e.engine), site)).toBe(live);
    expect(await e.engine.resolveAlias(alias())).toBe(live);
    await t.db('products').where({ tenant_id: tenantId }).whereIn('id', off).update({ is_active: true });
  });

  it('keeps only the live and the previous full index after a run', async () => {
    expect(await run('full')).toBe('ok');
    const names = (await e.engine.listIndices(`sf${siteId}-shop.full.`)).map((i) => i.name);
    expect(names).toHaveLength(2);
    expect(names).toContain(await e.engine.resolveAlias(alias()));
  });

  it('a preview run builds the preview alias from the draft and leaves the live alias alone', async () => {
    const live = await e.engine.resolveAlias(alias());
    expect(await run('preview')).toBe('ok');
    expect(await e.engine.resolveAlias(`sf${siteId}-shop.preview`)).toMatch(
      new RegExp(`^sf${siteId}-shop\\.preview\\.`),
    );
    expect(await e.engine.resolveAlias(alias())).toBe(live);
  });
});
