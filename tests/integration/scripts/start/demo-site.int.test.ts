import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_SEED, DEMO_TENANT } from '../../../../scripts/start/demo';
import { DEMO_FACETS } from '../../../../scripts/start/demo-shop-config';
import { ensureDemoSite } from '../../../../scripts/start/demo-site';
import { seedTenant } from '../../../../scripts/seed/seed-tenant';
import { DEMO_KEY_FILE, readDemoKeyFile } from '../../../../services/demo-shop/site-key';
import { mutateDraft } from '../../../../shared/storefront-config/drafts';
import type { PublishedEvent } from '../../../../shared/storefront-config/publish';
import { publishConfig } from '../../../../shared/storefront-config/publish';
import { getPublished, getSite } from '../../../../shared/storefront-config/site-store';
import { createTestDb, type TestDb } from '../../../support/test-db';

const ORIGINS = ['http://127.0.0.1:5173', 'http://localhost:5173'];

// `npm start`'s demo site: made once, then brought up to what the demo shop needs on every start, publishing only
// when something was missing (every publish queues a full index run).
describe('the demo site npm start keeps', () => {
  let t: TestDb;
  let dataDir: string;
  let tenantId: number;
  const published: PublishedEvent[] = [];
  const ensure = (origins = ORIGINS) =>
    ensureDemoSite(t.db, dataDir, { shopOrigins: origins, onPublished: async (e) => void published.push(e) });

  beforeAll(async () => {
    t = await createTestDb();
    dataDir = await mkdtemp(path.join(tmpdir(), 'aisle-demo-site-'));
    tenantId = (
      await seedTenant(t.db, {
        tenant: DEMO_TENANT,
        products: 60,
        orders: 0,
        seed: DEMO_SEED,
        asOf: new Date('2025-06-01T00:00:00Z'),
        analyze: false,
      })
    ).tenantId;
  }, 120_000);
  afterAll(async () => {
    await t.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('on the first start: markets, every facet type, collections, the shop origins and a key, in one publish', async () => {
    const demo = await ensure();
    expect(published).toHaveLength(1);
    const { config } = (await getPublished(t.db, tenantId, demo.siteId))!;
    expect(config.markets.map((m) => [m.code, m.language, m.currency, m.isDefault])).toEqual([
      ['se', 'sv', 'SEK', true],
      ['eu', 'en', 'EUR', false],
    ]);
    expect(config.site.devOrigins).toEqual(ORIGINS);
    expect(new Set(config.facets.map((f) => f.definition.type))).toEqual(
      new Set(['list', 'swatch', 'hierarchy', 'range', 'toggle']),
    );
    expect(config.facets.filter((f) => f.definition.collapsed).map((f) => f.key)).toEqual(['size', 'weight']);
    const [parent, ...children] = config.collections;
    expect(parent?.filter).toEqual({ all: [] });
    expect(children.map((c) => [c.slugs.en, c.parentId])).toEqual([
      ['shoes', parent?.id],
      ['rain-ready', parent?.id],
      ['wool-and-linen', parent?.id],
    ]);
    expect(await readDemoKeyFile(dataDir)).toEqual(demo);
    expect((await stat(path.join(dataDir, DEMO_KEY_FILE))).mode & 0o777).toBe(0o600);
  });

  it('publishes nothing on a start that finds everything in place', async () => {
    const before = await ensure();
    const again = await ensure();
    expect(again).toEqual(before);
    expect(published).toHaveLength(1);
  });

  it('upgrades an install made before the demo shop: the missing facets and collections come back, nothing else changes', async () => {
    const { siteId, key } = (await readDemoKeyFile(dataDir))!;
    // What the demo site was before the shop: markets and a brand facet, with the brand's label changed by hand since.
    await mutateDraft(t.db, tenantId, siteId, (d) => ({
      ...d,
      facets: d.facets
        .filter((f) => f.key === 'brand')
        .map((f) => ({ ...f, definition: { ...f.definition, label: { en: 'Maker' } } })),
      collections: [],
    }));
    await publishConfig(t.db, tenantId, siteId, 'before the demo shop');
    published.length = 0;

    expect(await ensure()).toEqual({ siteId, key });
    expect(published).toHaveLength(1);
    const { config, note } = (await getPublished(t.db, tenantId, siteId))!;
    expect(note).toBe('demo: facets category, colour, size, material, weight, waterproof, collections');
    expect(config.facets.map((f) => f.key).sort()).toEqual(Object.keys(DEMO_FACETS).sort());
    expect(config.facets.find((f) => f.key === 'brand')?.definition.label).toEqual({ en: 'Maker' });
    expect(config.collections).toHaveLength(4);
  });

  it('adds the shop origin when the shop starts on another port, and makes a new key when the saved one is gone', async () => {
    const { siteId } = (await readDemoKeyFile(dataDir))!;
    published.length = 0;
    await ensure(['http://127.0.0.1:40123']);
    expect((await getSite(t.db, tenantId, siteId)).draft.site.devOrigins).toEqual([
      ...ORIGINS,
      'http://127.0.0.1:40123',
    ]);
    await rm(path.join(dataDir, DEMO_KEY_FILE));
    const renewed = await ensure(['http://127.0.0.1:40123']);
    expect(renewed.key).toMatch(/^sfk_pub_/);
    expect(await readDemoKeyFile(dataDir)).toEqual(renewed);
    expect(published.map((e) => e.siteId)).toEqual([siteId, siteId]);
  });
});
