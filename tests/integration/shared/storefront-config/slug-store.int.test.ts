import { seedTenant } from '../../../../scripts/seed/seed-tenant';
import { slugKey } from '../../../../shared/storefront-config/slugs/plan-slugs';
import {
  findBySlug,
  findBySlugs,
  mintSlugs,
  type SlugEntity,
} from '../../../../shared/storefront-config/slugs/slug-store';
import { publishTwoMarketSite } from '../../../support/storefront-fixture';
import { createTestDb, type TestDb } from '../../../support/test-db';

// The slug store against PostgreSQL: collisions with suffixed and historical slugs of any entity type, the
// read-only path of a run where nothing was renamed, and a batch large enough to mint through statistics that
// start from an empty table.
describe('minting slugs in the store', () => {
  let t: TestDb;
  let scope: { tenantId: number; siteId: number };
  const mint = (entityType: SlugEntity, requests: [string, string][], language = 'en') =>
    mintSlugs(
      t.db,
      { ...scope, entityType },
      requests.map(([entityId, text]) => ({ entityId, language, text })),
    );
  const slugOf = (minted: Map<string, string>, entityId: string, language = 'en') =>
    minted.get(slugKey(language, entityId));
  const find = (entityType: SlugEntity, slug: string, language = 'en', siteLanguages: string[] = []) =>
    findBySlug(t.db, { ...scope, entityType }, slug, language, siteLanguages);
  const rowCount = async () =>
    Number((await t.db('storefront_slugs').count<{ count: string }[]>({ count: '*' }))[0]?.count);

  beforeAll(async () => {
    t = await createTestDb();
    const { tenantId } = await seedTenant(t.db, {
      tenant: 'slugs',
      products: 1,
      orders: 0,
      seed: 1,
      asOf: new Date('2025-06-01T00:00:00Z'),
      analyze: false,
    });
    scope = { tenantId, siteId: await publishTwoMarketSite(t.db, tenantId) };
  }, 60_000);
  afterAll(() => t.drop());

  it('suffixes collisions within a batch and against earlier batches, skipping a taken base-N', async () => {
    const first = await mint('product', [
      ['1', 'Café Crème'],
      ['2', 'Cafe creme'],
    ]);
    expect([slugOf(first, '1'), slugOf(first, '2')]).toEqual(['cafe-creme', 'cafe-creme-2']);
    // A product whose own name yields `cafe-creme-3` takes that slug, so the next collision skips it.
    const second = await mint('product', [
      ['3', 'Cafe creme 3'],
      ['4', 'CAFÉ CRÈME'],
    ]);
    expect([slugOf(second, '3'), slugOf(second, '4')]).toEqual(['cafe-creme-3', 'cafe-creme-4']);
  });

  it('keeps another entity type’s slug out of reach', async () => {
    const brand = await mint('brand', [['b1', 'Oak & Co']]);
    const product = await mint('product', [['5', 'Oak & Co']]);
    expect([slugOf(brand, 'b1'), slugOf(product, '5')]).toEqual(['oak-co', 'oak-co-2']);
  });

  it('confirms unchanged slugs without writing a row', async () => {
    const before = await rowCount();
    const again = await mint('product', [
      ['1', 'Café Crème'],
      ['2', 'Cafe creme'],
      ['3', 'Cafe creme 3'],
    ]);
    expect([slugOf(again, '1'), slugOf(again, '2'), slugOf(again, '3')]).toEqual([
      'cafe-creme',
      'cafe-creme-2',
      'cafe-creme-3',
    ]);
    expect(await rowCount()).toBe(before);
  });

  it('a rename mints a new slug, keeps the old one as history, and renaming back reactivates it', async () => {
    const renamed = await mint('product', [['1', 'Tea Pot']]);
    expect(slugOf(renamed, '1')).toBe('tea-pot');
    expect([await find('product', 'cafe-creme'), await find('product', 'tea-pot')]).toEqual([
      { entityId: '1', current: false },
      { entityId: '1', current: true },
    ]);
    // The old slug stays the renamed product's: a newcomer with that name gets a suffix.
    expect(slugOf(await mint('product', [['6', 'Café Crème']]), '6')).toBe('cafe-creme-5');
    expect(slugOf(await mint('product', [['1', 'Café Crème']]), '1')).toBe('cafe-creme');
    expect([await find('product', 'tea-pot'), await find('product', 'cafe-creme')]).toEqual([
      { entityId: '1', current: false },
      { entityId: '1', current: true },
    ]);
  });

  it('finds a slug of its own entity type only, the request language first, then the site languages', async () => {
    await mint('brand', [['b9', 'Birch Works']]);
    expect([await find('brand', 'birch-works'), await find('product', 'birch-works')]).toEqual([
      { entityId: 'b9', current: true },
      null,
    ]);
    await mint('product', [['7', 'Lampa']], 'sv');
    await mint('product', [['8', 'Lampa']], 'en');
    expect([await find('product', 'lampa', 'sv', ['en']), await find('product', 'lampa', 'en', ['sv'])]).toEqual([
      { entityId: '7', current: true },
      { entityId: '8', current: true },
    ]);
    expect([await find('product', 'lampa', 'de', []), await find('product', 'lampa', 'de', ['sv'])]).toEqual([
      null,
      { entityId: '7', current: true },
    ]);
    expect(await find('product', 'lam\u0000pa')).toBeNull();
  });

  it('finds several slugs in one query as it finds each alone', async () => {
    const slugs = ['lampa', 'tea-pot', 'cafe-creme', 'birch-works', 'no-such-slug', 'lam\u0000pa'];
    for (const [language, siteLanguages] of [
      ['sv', ['en']],
      ['en', ['sv']],
      ['de', ['sv']],
    ] as const) {
      const together = await findBySlugs(t.db, { ...scope, entityType: 'product' }, slugs, language, siteLanguages);
      const alone = await Promise.all(slugs.map((slug) => find('product', slug, language, [...siteLanguages])));
      expect(slugs.map((slug) => together.get(slug) ?? null)).toEqual(alone);
    }
    const sv = await findBySlugs(t.db, { ...scope, entityType: 'product' }, ['lampa', 'tea-pot'], 'sv', ['en']);
    expect([...sv]).toEqual([
      ['lampa', { entityId: '7', current: true }],
      ['tea-pot', { entityId: '1', current: false }],
    ]);
  });

  it('mints thousands of colliding names batch by batch, each slug unique and per language', async () => {
    const names = ['Slim wool cookbook', 'Premium oak picture book', 'Steel lamp'];
    const all = new Set<string>();
    for (let batch = 0; batch < 5; batch++) {
      const requests = Array.from({ length: 600 }, (_, i): [string, string] => [
        `bulk-${batch}-${i}`,
        names[i % names.length]!,
      ]);
      for (const language of ['en', 'sv']) {
        const minted = await mint('product', requests, language);
        for (const [id] of requests) all.add(`${language}:${slugOf(minted, id, language)}`);
      }
    }
    expect(all.size).toBe(2 * 5 * 600);
    expect(all.has('sv:steel-lamp-1000')).toBe(true);
    expect(all.has('en:steel-lamp-1001')).toBe(false);
  });
});
