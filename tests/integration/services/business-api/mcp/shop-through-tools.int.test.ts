import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Worker } from 'bullmq';
import request from 'supertest';
import { createWorker } from '../../../../../indexer/worker';
import { seedTenant } from '../../../../../scripts/seed/seed-tenant';
import { createLogger } from '../../../../../shared/logger';
import { insertTenant } from '../../../../support/identity';
import { callTool, startMcpServer, textOf, toolCalls, type McpHarness } from '../../../../support/mcp-server';
import { createStorefrontTestApp } from '../../../../support/storefront-api';
import { createTestEngine, twoPriceLists, type EmbeddedTestEngine } from '../../../../support/storefront-fixture';
import { until } from '../../../../support/until';

describe('a whole shop created through the tools only', () => {
  let h: McpHarness;
  let e: EmbeddedTestEngine;
  let worker: Worker;
  let client: Client;
  let tenantId: number;
  let otherTenant: number;
  let siteId: number;

  const { ok, refused } = toolCalls(() => client);
  const syncStatus = (mode: string) => async () => {
    const { runs } = (await ok('get_storefront_sync_status', { siteId })) as {
      runs: { mode: string; outcome: string }[];
    };
    const run = runs.find((r) => r.mode === mode && r.outcome !== 'running');
    return run?.outcome;
  };

  beforeAll(async () => {
    let engineRef: EmbeddedTestEngine | undefined;
    h = await startMcpServer({ engine: async () => engineRef!.engine });
    e = await createTestEngine(h.t.db);
    engineRef = e;
    tenantId = (
      await seedTenant(h.t.db, {
        tenant: 'mcp-shop',
        products: 30,
        orders: 0,
        seed: 11,
        asOf: new Date('2025-06-01T00:00:00Z'),
        analyze: false,
      })
    ).tenantId;
    otherTenant = await insertTenant(h.t.db, 'mcp-elsewhere');
    worker = createWorker({
      db: h.t.db,
      engine: e.engine,
      logger: createLogger({ name: 'test', level: 'silent' }),
      gateFraction: 0.5,
      batchSize: 100,
      connection: h.queueRedis,
      prefix: h.r.prefix,
    });
    client = await h.connect(await h.token(tenantId, { userId: 'merchant' }));
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    await h.close();
    await e?.cleanup();
  });

  it("chooses the instance: only the caller's own, stored per user", async () => {
    expect(await ok('list_instances')).toEqual({
      instances: [{ instanceId: tenantId, code: 'mcp-shop', name: 'mcp-shop', isDefault: true }].map((i) => ({
        ...i,
        name: expect.any(String),
      })),
    });
    expect(await refused('set_default_instance', { instanceId: otherTenant })).toMatch(/not one of yours/);
    expect(await refused('set_default_instance', { instanceId: 'one' })).toMatch(/instanceId/);
    expect(await ok('set_default_instance', { instanceId: tenantId })).toEqual({ defaultInstanceId: tenantId });
    expect(await h.t.db('mcp_default_instances').where({ subject: 'merchant' }).select('tenant_id')).toEqual([
      { tenant_id: tenantId },
    ]);
    expect(await refused('list_instances', { extra: 1 })).toMatch(/extra|Unrecognized/i);
    expect(await ok('get_company_profile')).toHaveProperty('name');
    expect(await refused('get_company_profile', { tenant: 2 })).toMatch(/tenant|Unrecognized/i);
    expect(await ok('list_storefront_sites')).toEqual({ sites: [] });
    expect(await refused('list_storefront_sites', { all: true })).toMatch(/all|Unrecognized/i);
  });

  it('saves site, market, facet and collection into the draft, refusing bad input with the field named', async () => {
    expect(
      await refused('save_storefront_site', { code: 'Bad Code', name: 'x', ecomSiteId: 1, devOrigins: [] }),
    ).toMatch(/site\.code/);
    expect(await refused('save_storefront_site', { name: 'x', ecomSiteId: 1, devOrigins: [] })).toMatch(/code/);
    ({ siteId } = (await ok('save_storefront_site', {
      code: 'tool-shop',
      name: 'Tool shop',
      ecomSiteId: 1,
      devOrigins: ['http://localhost:5173'],
      assortmentJson: '{"excludeInactive": true}',
    })) as { siteId: number });
    expect(siteId).toEqual(expect.any(Number));
    // An update keeps what it does not name; a new site under a taken code is refused, never an overwrite.
    const draftSite = async () => (await h.t.db('storefront_sites').where({ id: siteId }).first()).draft.site;
    await h.t
      .db('storefront_sites')
      .where({ id: siteId })
      .update({
        draft: h.t.db.raw(
          `jsonb_set(jsonb_set(draft, '{site,active}', 'false'), '{site,urlPatterns}', '{"product": "/item/{slug}", "collection": "/c/{path}"}')`,
        ),
      });
    expect(
      await ok('save_storefront_site', {
        siteId,
        code: 'tool-shop',
        name: 'Tool shop, renamed',
        ecomSiteId: 1,
        devOrigins: ['http://localhost:5173'],
      }),
    ).toEqual({ siteId });
    expect(await draftSite()).toMatchObject({
      name: 'Tool shop, renamed',
      active: false,
      urlPatterns: { product: '/item/{slug}' },
      assortment: { excludeInactive: true },
    });
    expect(
      await refused('save_storefront_site', { code: 'tool-shop', name: 'Imposter', ecomSiteId: 1, devOrigins: [] }),
    ).toMatch(/another site of this tenant has the code "tool-shop"/);
    await h.t
      .db('storefront_sites')
      .where({ id: siteId })
      .update({ draft: h.t.db.raw(`jsonb_set(draft, '{site,active}', 'true')`) });
    expect(await draftSite()).toMatchObject({ name: 'Tool shop, renamed', active: true });

    const [list] = await twoPriceLists(h.t.db, tenantId);
    const market = {
      siteId,
      code: 'main',
      language: 'en',
      currency: list!.currency,
      country: 'SE',
      urlTemplate: 'https://shop.example/{path}',
      priceListId: list!.id,
      isDefault: true,
    };
    expect(await refused('save_storefront_market', { ...market, currency: 'euro' })).toMatch(/market\.currency/);
    expect(await ok('save_storefront_market', market)).toMatchObject({ markets: [{ code: 'main', isDefault: true }] });

    expect(
      await refused('save_storefront_facet_config', {
        siteId,
        key: 'price',
        definitionJson: { source: { kind: 'brand' }, type: 'list' },
      }),
    ).toMatch(/reserved/);
    expect(
      await refused('save_storefront_facet_config', { siteId, key: 'brand', definitionJson: '{not json' }),
    ).toMatch(/definitionJson is not valid JSON/);
    expect(
      await ok('save_storefront_facet_config', {
        siteId,
        key: 'brand',
        definitionJson: JSON.stringify({ source: { kind: 'brand' }, type: 'list', label: { en: 'Brand' } }),
      }),
    ).toMatchObject({ saved: 'brand' });

    expect(
      await refused('save_storefront_collection', {
        siteId,
        slugsJson: { EN: 'all' },
        namesJson: { en: 'All' },
        filterJson: { all: [] },
      }),
    ).toMatch(/language code/);
    expect(
      await ok('save_storefront_collection', {
        siteId,
        slugsJson: '{"en": "everything"}',
        namesJson: '{"en": "Everything"}',
        filterJson: '{"all": []}',
      }),
    ).toEqual({ collectionId: 1 });

    const fabric = { key: 'fabric', attribute: 'material', label: { en: 'Fabric' } };
    expect(
      await refused('save_storefront_content', {
        siteId,
        contentJson: { attributes: [fabric, { ...fabric, attribute: 'lining' }] },
      }),
    ).toMatch(/content\.attributes\[1\]\.key/);
    expect(
      await refused('save_storefront_content', { siteId, contentJson: { description: { property: 'seoTitle' } } }),
    ).toMatch(/content\.description/);
    expect(
      await ok('save_storefront_content', {
        siteId,
        contentJson: JSON.stringify({ shortDescription: { attribute: 'teaser' }, attributes: [fabric] }),
      }),
    ).toEqual({
      content: {
        shortDescription: { attribute: 'teaser' },
        description: { property: 'description' },
        attributes: [{ ...fabric, type: null }],
      },
    });
  });

  it('creates a key shown once, shows the diff, publishes, reindexes and reports sync status ok', async () => {
    expect(await refused('create_storefront_api_key', { siteId, kind: 'master', label: 'x' })).toMatch(/kind/);
    const created = (await ok('create_storefront_api_key', { siteId, kind: 'publishable', label: 'web' })) as {
      id: number;
      key: string;
    };
    expect(created.key).toMatch(/^sfk_pub_/);
    expect(JSON.stringify(await h.t.db('storefront_keys').where({ site_id: siteId }))).not.toContain(created.key);

    expect(await refused('get_storefront_draft_diff', { siteId: 'x' })).toMatch(/siteId/);
    const diff = (await ok('get_storefront_draft_diff', { siteId })) as {
      publishedVersion: number | null;
      changes: unknown[];
      keysToPublish: unknown[];
    };
    expect(diff.publishedVersion).toBeNull();
    expect(diff.changes.length).toBeGreaterThan(0);
    expect(diff.keysToPublish).toHaveLength(1);

    expect(await refused('publish_storefront_config', { siteId: 999_999, note: 'x' })).toMatch(/not_found/);
    expect(await ok('publish_storefront_config', { siteId, note: 'first, through the tools' })).toMatchObject({
      siteId,
      version: 1,
      first: true,
    });
    expect(await refused('trigger_storefront_reindex', { siteId: -1 })).toMatch(/siteId/);
    expect(await ok('trigger_storefront_reindex', { siteId })).toHaveProperty('queued');

    // The publish queued one full run and the reindex another: wait for both to finish.
    const fullRuns = async () => {
      const { runs } = (await ok('get_storefront_sync_status', { siteId })) as {
        runs: { mode: string; outcome: string }[];
      };
      const outcomes = runs.filter((r) => r.mode === 'full').map((r) => r.outcome);
      return outcomes.length === 2 && !outcomes.includes('running') ? outcomes : undefined;
    };
    expect(await until(fullRuns)).toEqual(['ok', 'ok']);
    expect(await ok('get_storefront_sync_status', { siteId })).toMatchObject({ status: 'ok' });
    expect(await refused('get_storefront_sync_status', { siteId, limit: 0 })).toMatch(/limit/);

    // The storefront answers a listing with the key the tools created.
    const { app, registry } = await createStorefrontTestApp({ db: h.t.db, redis: h.r.redis, engine: e.engine });
    // Following announcements as a serving process does (no polling within the test's time).
    const subscriber = h.r.redis.duplicate();
    await registry.start({ subscriber, logger: createLogger({ name: 'test', level: 'silent' }), pollMs: 600_000 });
    const listing = await request(app).get('/v1/products').set('X-Site-Key', created.key);
    expect(listing.status).toBe(200);
    expect(listing.body.total).toBeGreaterThan(0);

    // Revoked through the tools: 401 at once, without a publish. A key of another site is not found.
    expect(await refused('revoke_storefront_api_key', { siteId, keyId: 'x' })).toMatch(/keyId/);
    expect(await refused('revoke_storefront_api_key', { siteId, keyId: created.id + 1_000 })).toMatch(/not_found/);
    expect(await ok('revoke_storefront_api_key', { siteId, keyId: created.id })).toMatchObject({
      id: created.id,
      kind: 'publishable',
      revokedAt: expect.any(String),
    });
    const refused401 = async () => {
      const after = await request(app).get('/v1/products').set('X-Site-Key', created.key);
      return after.status === 401 ? after.body.code : undefined;
    };
    expect(await until(refused401, 5_000)).toBe('SITE_KEY_INVALID');
    await registry.stop();
    subscriber.disconnect();
  }, 60_000);

  it('builds a preview, and confirms a gated run only when one waits', async () => {
    expect(await refused('build_storefront_preview', { siteId: 0 })).toMatch(/siteId/);
    expect(await ok('build_storefront_preview', { siteId })).toHaveProperty('queued');
    expect(await until(syncStatus('preview'))).toBe('ok');
    expect(await refused('trigger_storefront_reindex', { siteId, confirmGatedRun: true })).toMatch(
      /no gated run awaits confirmation/,
    );
  }, 60_000);

  it('does not reach a site of another instance', async () => {
    const foreign = await h.connect(await h.token(otherTenant, { userId: 'stranger' }));
    const result = await callTool(foreign, 'get_storefront_sync_status', { siteId });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/not_found/);
  });
});
