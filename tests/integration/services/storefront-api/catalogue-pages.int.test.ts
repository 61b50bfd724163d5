import type { RequestListener } from 'node:http';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';
import { indexedShop, twoPriceLists, type IndexedShop } from '../../../support/storefront-fixture';
import { createStorefrontTestApp } from '../../../support/storefront-api';
import { removeFromDraft, saveCollection, saveMarket } from '../../../../shared/storefront-config/drafts';
import { ConfigValidationError } from '../../../../shared/storefront-config/errors';
import { publishConfig } from '../../../../shared/storefront-config/publish';
import type { ConfigRegistry } from '../../../../shared/storefront-config/config-registry';
import {
  collectionPageSchema,
  collectionTreeSchema,
} from '../../../../services/storefront-api/collections/collection-schema';
import { categoryTreeSchema } from '../../../../services/storefront-api/categories/category-schema';
import { sitemapPageSchema } from '../../../../services/storefront-api/sitemap/sitemap-schema';
import { brandListSchema, brandPageSchema } from '../../../../services/storefront-api/brands/brand-schema';
import { storefrontConformance, type StorefrontConformance } from '../../../support/storefront-openapi';

describe('collections, categories, sitemap and brands', () => {
  let t: TestDb;
  let r: TestRedis;
  let shop: IndexedShop;
  let app: RequestListener;
  let registry: ConfigRegistry;
  let sale: number;
  let brand: { id: number; slug: string; name: string };
  let hiddenCategory: number;
  let doc: StorefrontConformance;
  // Every answer is also checked against the OpenAPI document.
  const get = (path: string, headers: Record<string, string> = {}) =>
    doc.get(path, { 'X-Site-Key': shop.keys.publishable, ...headers });
  const ok = async (path: string, headers: Record<string, string> = {}) => {
    const res = await get(path, headers);
    expect(res.status).toBe(200);
    return res.body;
  };
  const problem = async (path: string, status: number, code: string, headers: Record<string, string> = {}) => {
    const res = await get(path, headers);
    expect([res.status, res.body.code]).toEqual([status, code]);
  };

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    shop = await indexedShop(t.db, {
      tenant: 'pages',
      products: 150,
      seed: 21,
      configure: async (siteId, tenantId) => {
        // The most used brand, so its page lists several products.
        brand = await t
          .db('brands as b')
          .join('products as p', function on() {
            this.on('p.tenant_id', 'b.tenant_id').andOn('p.brand_id', 'b.id');
          })
          .where('b.tenant_id', tenantId)
          .whereNull('p.parent_id')
          .groupBy('b.tenant_id', 'b.id')
          .orderByRaw('count(*) desc, b.id')
          .first('b.id', 'b.slug', 'b.name');
        const women = await saveCollection(t.db, tenantId, siteId, {
          slugs: { en: 'women', sv: 'dam' },
          names: { en: 'Women', sv: 'Dam' },
          filter: { all: [] },
          position: 1,
        });
        await saveCollection(t.db, tenantId, siteId, {
          slugs: { en: 'brand-picks', sv: 'marke' },
          names: { en: 'Brand picks', sv: 'Märke' },
          filter: { brand: [brand.slug] },
          parentId: women,
        });
        sale = await saveCollection(t.db, tenantId, siteId, {
          slugs: { en: 'sale', sv: 'rea' },
          names: { en: 'Sale', sv: 'Rea' },
          filter: { all: [] },
          position: 0,
        });
        const lists = await twoPriceLists(t.db, tenantId);
        await saveMarket(t.db, tenantId, siteId, {
          code: 'm2',
          language: 'sv',
          currency: lists[1]!.currency,
          country: 'SE',
          urlTemplate: 'https://m2.shop.example/{path}',
          priceListId: lists[1]!.id,
          isDefault: false,
          brandUrlPattern: '/b/{slug}',
        });
        hiddenCategory = (
          await t
            .db('categories')
            .where({ tenant_id: tenantId })
            .whereNotNull('parent_id')
            .orderBy('id')
            .first<{ id: number }>('id')
        ).id;
        await t.db('categories').where({ tenant_id: tenantId, id: hiddenCategory }).update({ active: false });
      },
    });
    ({ app, registry } = await createStorefrontTestApp({ db: t.db, redis: r.redis, engine: shop.engine.engine }));
    doc = await storefrontConformance(app);
  }, 120_000);
  afterAll(async () => {
    await shop.engine.cleanup();
    await r.cleanup();
    await t.drop();
  });

  it('answers the collection tree in position order with paths and urls', async () => {
    const tree = collectionTreeSchema.parse(await ok('/v1/collections'));
    expect(tree.items.map((c) => c.slug)).toEqual(['sale', 'women']);
    expect(tree.items[1]!.children.map((c) => [c.slug, c.path, c.url])).toEqual([
      ['brand-picks', 'women/brand-picks', 'https://m1.shop.example/k/women/brand-picks'],
    ]);
    const sv = collectionTreeSchema.parse(await ok('/v1/collections', { 'X-Market': 'm2' }));
    expect(sv.items[1]!.children[0]!.url).toBe('https://m2.shop.example/k/dam/marke');
  });

  it('answers a collection page with breadcrumb, alternates and its scoped listing', async () => {
    const page = collectionPageSchema.parse(await ok('/v1/collections/brand-picks?pageSize=5&sort=price_asc'));
    expect(page.collection).toMatchObject({ slug: 'brand-picks', name: 'Brand picks', path: 'women/brand-picks' });
    expect(page.breadcrumb.map((b) => b.slug)).toEqual(['women', 'brand-picks']);
    expect(page.alternateUrls).toEqual({
      en: 'https://m1.shop.example/k/women/brand-picks',
      sv: 'https://m2.shop.example/k/dam/marke',
    });
    const scoped = collectionPageSchema.parse(await ok('/v1/collections/brand-picks?pageSize=100')).listing;
    expect(scoped.total).toBeGreaterThan(0);
    expect(scoped.total).toBe((await ok(`/v1/products?filter[brand]=${brand.slug}&pageSize=1`)).total);
    expect(scoped.total).toBeLessThan((await ok('/v1/products?pageSize=1')).total);
    expect(page.listing.sort.selected).toBe('price_asc');
    const member = await ok(`/v1/products/${scoped.items[0]!.id}`);
    expect(member.collections).toContainEqual({
      id: page.collection.id,
      slug: 'brand-picks',
      name: 'Brand picks',
      path: 'women/brand-picks',
      url: 'https://m1.shop.example/k/women/brand-picks',
    });
    expect(page.listing.items.length).toBeLessThanOrEqual(5);
    const byId = collectionPageSchema.parse(await ok(`/v1/collections/${page.collection.id}`));
    expect(byId.collection.id).toBe(page.collection.id);
    expect(page.redirectTo).toBeNull();
    expect(collectionPageSchema.parse(await ok('/v1/collections/marke'))).toMatchObject({
      collection: { slug: 'brand-picks' },
      redirectTo: 'brand-picks',
    });
    await problem('/v1/collections/nope', 404, 'COLLECTION_NOT_FOUND');
    await problem('/v1/collections/sale?pageSize=101', 400, 'INVALID_PAGE');
    await problem('/v1/collections/sale?filter[a][b]=1', 400, 'INVALID_FILTER');
  });

  it('finds a collection by its slug in another case, redirecting to the minted slug, on the page and in collection=', async () => {
    const page = collectionPageSchema.parse(await ok('/v1/collections/Brand-Picks?pageSize=1'));
    expect(page).toMatchObject({ collection: { slug: 'brand-picks' }, redirectTo: 'brand-picks' });
    expect(collectionPageSchema.parse(await ok('/v1/collections/REA?pageSize=1', { 'X-Market': 'm2' }))).toMatchObject({
      collection: { slug: 'rea' },
      redirectTo: 'rea',
    });
    const scoped = await ok('/v1/products?collection=Brand-Picks&pageSize=1');
    expect(scoped.warnings).toEqual([]);
    expect(scoped.total).toBe(page.listing.total);
  });

  it('refuses at save a collection slug another collection has in the same language, naming the field', async () => {
    const saving = saveCollection(t.db, shop.tenantId, shop.siteId, {
      slugs: { en: 'Women', sv: 'herr' },
      names: { en: 'Men' },
      filter: { all: [] },
    });
    await expect(saving).rejects.toBeInstanceOf(ConfigValidationError);
    await expect(saving).rejects.toMatchObject({
      issues: [{ field: 'collections[3].slugs.en', message: expect.stringContaining('"women"') }],
    });
    // Another language's slug may repeat it.
    const other = await saveCollection(t.db, shop.tenantId, shop.siteId, {
      slugs: { en: 'men', sv: 'women' },
      names: { en: 'Men' },
      filter: { all: [] },
    });
    await removeFromDraft(t.db, shop.tenantId, shop.siteId, 'collections', String(other));
  });

  it('answers a collection slug renamed and published with redirectTo the new one, the new one without', async () => {
    const publish = async (slugs: Record<string, string>) => {
      await saveCollection(t.db, shop.tenantId, shop.siteId, {
        id: sale,
        slugs,
        names: { en: 'Sale', sv: 'Rea' },
        filter: { all: [] },
        position: 0,
      });
      await publishConfig(t.db, shop.tenantId, shop.siteId, 'collection slug');
      await registry.refresh();
    };
    await publish({ en: 'Deals', sv: 'rea' });
    const old = collectionPageSchema.parse(await ok('/v1/collections/sale?pageSize=1'));
    expect(old).toMatchObject({
      collection: { id: String(sale), slug: 'deals', path: 'deals', url: 'https://m1.shop.example/k/deals' },
      redirectTo: 'deals',
    });
    expect(collectionPageSchema.parse(await ok('/v1/collections/deals?pageSize=1')).redirectTo).toBeNull();
    expect(
      collectionPageSchema.parse(await ok('/v1/collections/rea?pageSize=1', { 'X-Market': 'm2' })).redirectTo,
    ).toBeNull();
    // Cards, the tree and the listing's collection= use the minted slug too; the old one still scopes.
    const card = await ok('/v1/products?collection=sale&pageSize=1');
    expect(card.warnings).toEqual([]);
    expect(card.items[0].collections).toContain('deals');
    expect(card.items[0].collections).not.toContain('sale');
    expect(collectionTreeSchema.parse(await ok('/v1/collections')).items.map((c) => c.slug)).toEqual([
      'deals',
      'women',
    ]);
    // Back to the old text: its own historical slug is current again, and `deals` now redirects.
    await publish({ en: 'sale', sv: 'rea' });
    expect(collectionPageSchema.parse(await ok('/v1/collections/sale?pageSize=1')).redirectTo).toBeNull();
    expect(collectionPageSchema.parse(await ok('/v1/collections/deals?pageSize=1')).redirectTo).toBe('sale');
  });

  it('answers the active category tree with each node’s facet filter', async () => {
    const tree = categoryTreeSchema.parse(await ok('/v1/categories'));
    const ids: string[] = [];
    const walk = (nodes: typeof tree.items) =>
      nodes.forEach((n) => {
        ids.push(n.id);
        walk(n.children);
      });
    walk(tree.items);
    const active = await t
      .db('categories')
      .where({ tenant_id: shop.tenantId, active: true })
      .count<{ count: string }[]>('id as count');
    expect(ids).not.toContain(String(hiddenCategory));
    expect(ids.length).toBeLessThan(Number(active[0]!.count));
    // Zero-config: each root is its own hierarchy facet, so a root has no value and its children do.
    const root = tree.items.find((n) => n.children.length > 0)!;
    expect(root.facet).toBeNull();
    const facet = root.children[0]!.facet!;
    const filtered = await ok(`/v1/products?filter[${facet.key}]=${encodeURIComponent(facet.value)}`);
    expect(filtered.warnings).toEqual([]);
    expect(filtered.appliedFilters).toEqual([expect.objectContaining({ facet: facet.key, value: facet.value })]);
  });

  it('pages product sitemap rows the market sells, with alternates and last-modified, and filters by since', async () => {
    const first = sitemapPageSchema.parse(await ok('/v1/sitemap?type=product&pageSize=50'));
    expect(first.hasMore).toBe(true);
    const all = [...first.items];
    for (let page = 2; ; page++) {
      const next = sitemapPageSchema.parse(await ok(`/v1/sitemap?type=product&pageSize=50&page=${page}`));
      all.push(...next.items);
      if (!next.hasMore) break;
    }
    expect(all.length).toBe((await ok('/v1/products?pageSize=1')).total);
    const row = all[0]!;
    const detail = await ok(`/v1/products/${row.id}`);
    expect(row).toEqual({
      id: detail.id,
      url: detail.url,
      lastModified: detail.updatedAt,
      alternates: detail.alternateUrls,
    });
    const latest = all
      .map((x) => x.lastModified)
      .sort()
      .at(-1)!;
    const since = sitemapPageSchema.parse(await ok(`/v1/sitemap?type=product&since=${latest}`));
    expect(since.items.map((x) => x.lastModified)).toEqual(
      all.filter((x) => x.lastModified >= latest).map((x) => x.lastModified),
    );
    expect(sitemapPageSchema.parse(await ok('/v1/sitemap?type=product&since=2999-01-01')).items).toEqual([]);
  });

  it('answers collection and brand sitemap rows, and its parameter errors', async () => {
    const collections = sitemapPageSchema.parse(await ok('/v1/sitemap?type=collection'));
    expect(collections.items.map((c) => c.url).sort()).toEqual([
      'https://m1.shop.example/k/sale',
      'https://m1.shop.example/k/women',
      'https://m1.shop.example/k/women/brand-picks',
    ]);
    expect(collections.items[0]!.alternates.sv).toMatch(/^https:\/\/m2\.shop\.example\/k\//);
    expect(sitemapPageSchema.parse(await ok('/v1/sitemap?type=brand')).items).toEqual([]);
    const brands = sitemapPageSchema.parse(await ok('/v1/sitemap?type=brand', { 'X-Market': 'm2' }));
    expect(brands.items.find((b) => b.id === String(brand.id))?.url).toMatch(/^https:\/\/m2\.shop\.example\/b\//);
    await problem('/v1/sitemap', 400, 'INVALID_TYPE');
    await problem('/v1/sitemap?type=page', 400, 'INVALID_TYPE');
    await problem('/v1/sitemap?type=product&since=yesterday', 400, 'INVALID_SINCE');
    await problem('/v1/sitemap?type=product&since=2025-13-45', 400, 'INVALID_SINCE');
    await problem('/v1/sitemap?type=product&pageSize=1001', 400, 'INVALID_PAGE');
  });

  it('lists brands, and answers brand pages only on a market with brand pages', async () => {
    const list = brandListSchema.parse(await ok('/v1/brands'));
    const mine = list.items.find((b) => b.id === String(brand.id));
    expect(mine).toMatchObject({ label: brand.name, url: null, logo: null });
    const sv = brandListSchema
      .parse(await ok('/v1/brands', { 'X-Market': 'm2' }))
      .items.find((b) => b.id === String(brand.id))!;
    expect(sv.url).toBe(`https://m2.shop.example/b/${sv.slug}`);
    const page = brandPageSchema.parse(await ok(`/v1/brands/${sv.slug}?pageSize=100`, { 'X-Market': 'm2' }));
    expect(page.brand).toMatchObject({ id: String(brand.id), label: brand.name, url: sv.url });
    expect(page.redirectTo).toBeNull();
    expect(page.listing.total).toBe(sv.productCount);
    expect(page.listing.items.every((c) => c.brand?.id === String(brand.id))).toBe(true);
    expect(page.alternateUrls).toEqual({ sv: sv.url });
    expect(brandPageSchema.parse(await ok(`/v1/brands/${brand.id}`, { 'X-Market': 'm2' })).brand.slug).toBe(sv.slug);
    await problem(`/v1/brands/${sv.slug}`, 404, 'NOT_FOUND');
    await problem('/v1/brands/no-such-brand', 404, 'NOT_FOUND', { 'X-Market': 'm2' });
  });
});
