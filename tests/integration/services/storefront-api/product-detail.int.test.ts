import type { RequestListener } from 'node:http';
import { createDb, type Knex } from '../../../../shared/db/knex';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';
import { indexedShop, runDeps, type IndexedShop } from '../../../support/storefront-fixture';
import { createStorefrontTestApp } from '../../../support/storefront-api';
import { addDetailProducts, linkProducts, type DetailProducts } from '../../../support/detail-products';
import { runIndexJob } from '../../../../indexer/runs/run-job';
import { productDetailSchema } from '../../../../services/storefront-api/products/detail-schema';
import { storefrontConformance, type StorefrontConformance } from '../../../support/storefront-openapi';

describe('GET /v1/products/{slugOrId} and /v1/products/by-sku/{sku}', () => {
  let t: TestDb;
  let r: TestRedis;
  let shop: IndexedShop;
  let app: RequestListener;
  // As main.ts runs it: pages that are not held are read on sessions keeping generic plans.
  let lookups: Knex;
  let made: DetailProducts;
  let sold: { id: string; slug: string }[];
  let doc: StorefrontConformance;
  // Every answer is also checked against the OpenAPI document.
  const get = (path: string, headers: Record<string, string> = {}) =>
    doc.get(path, { 'X-Site-Key': shop.keys.publishable, ...headers });
  const detail = async (path: string, headers: Record<string, string> = {}) => {
    const res = await get(path, headers);
    expect(res.status).toBe(200);
    return productDetailSchema.parse(res.body);
  };

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    shop = await indexedShop(t.db, {
      tenant: 'detail',
      products: 120,
      seed: 11,
      configure: async (_siteId, tenantId) => {
        made = await addDetailProducts(t.db, tenantId);
      },
    });
    lookups = createDb(t.url, { pool: { min: 0, max: 2 }, genericPlans: true });
    ({ app } = await createStorefrontTestApp({ db: t.db, lookups, redis: r.redis, engine: shop.engine.engine }));
    doc = await storefrontConformance(app);
    sold = (await get('/v1/products?pageSize=5&sort=name_asc')).body.items;
    await linkProducts(
      t.db,
      shop.tenantId,
      made.cascade,
      { similar: [Number(sold[0]!.id), made.unsold, Number(sold[1]!.id)], accessories: [made.unsold] },
      made.bundle,
      [
        [Number(sold[2]!.id), '2'],
        [made.unsold, '1'],
      ],
    );
  }, 120_000);
  afterAll(async () => {
    await lookups.destroy();
    await shop.engine.cleanup();
    await r.cleanup();
    await t.drop();
  });

  it('answers a product by slug and by id with the spec fields, the listing card price and caching headers', async () => {
    const card = sold[0]!;
    const res = await get(`/v1/products/${card.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(res.headers.etag).toMatch(/^"/);
    const body = productDetailSchema.parse(res.body);
    const listed = (await get(`/v1/products?pageSize=5&sort=name_asc`)).body.items[0];
    expect(body).toMatchObject({
      id: card.id,
      slug: card.slug,
      url: `https://m1.shop.example/p/${card.slug}`,
      redirectTo: null,
      matchedVariantId: null,
      price: listed.price,
      inStock: listed.inStock,
      updatedAt: listed.updatedAt,
    });
    expect(body.images).toEqual([]);
    expect(body.image).toBeNull();
    expect(body.files).toEqual([]);
    expect(body.alternateUrls.en).toBe(body.url);
    expect(await detail(`/v1/products/${card.id}`)).toEqual(body);
    expect((await get(`/v1/products/${card.slug}`, { 'If-None-Match': res.headers.etag })).status).toBe(304);
    expect(res.headers['x-config-version']).toBe('2');
    const preview = await get(`/v1/products/${card.slug}`, { 'X-Site-Key': shop.keys.preview });
    expect([preview.status, preview.headers['cache-control']]).toEqual([200, 'private, no-store']);
    expect(productDetailSchema.parse(preview.body).id).toBe(card.id);
    const sv = await detail(`/v1/products/${card.id}`, { 'X-Market': 'm2' });
    // The seeded product has a name in both languages and is sold on both markets: each language has its URL.
    expect(sv.url).toMatch(/^https:\/\/m2\.shop\.example\/p\//);
    expect(sv.alternateUrls).toEqual({ en: body.url, sv: sv.url });
    expect(sv.price.currency).not.toBe(body.price.currency);
  });

  it('lists categories with path names, collections, seo and options', async () => {
    const body = await detail(`/v1/products/${made.cascade}`);
    expect(body.options).toEqual(
      expect.arrayContaining([
        { name: 'colour', values: expect.arrayContaining(['Red', 'Blue']) },
        { name: 'size', values: expect.arrayContaining(['S', 'M']) },
      ]),
    );
    expect(body.seo).toEqual({ title: 'Cascade Tee | Shop', description: null });
    expect(body.variantCount).toBe(4);
    const seeded = await detail(`/v1/products/${sold[0]!.id}`);
    expect(seeded.categories.length).toBeGreaterThan(0);
    for (const c of seeded.categories) expect(c.pathNames.at(-1)).toBe(c.name);
  });

  it('answers a historical slug after a rename with redirectTo, and the current slug without', async () => {
    const target = sold[3]!;
    await t
      .db('product_descriptions')
      .where({ tenant_id: shop.tenantId, product_id: Number(target.id), language: 'en' })
      .update({ name: 'Renamed Marvel Jacket' });
    expect(
      await runIndexJob(
        runDeps(t.db, shop.engine.engine),
        { type: 'full', siteId: shop.siteId },
        { jobId: null, attempt: 1 },
      ),
    ).toBe('ok');
    const old = await detail(`/v1/products/${target.slug}`);
    expect(old.slug).toBe('renamed-marvel-jacket');
    expect(old.redirectTo).toBe('renamed-marvel-jacket');
    expect(old.name).toBe('Renamed Marvel Jacket');
    expect((await detail('/v1/products/renamed-marvel-jacket')).redirectTo).toBeNull();
  }, 60_000);

  it('never slugs a product "facets": its variants URL would be search-in-facet\'s', async () => {
    const target = sold[4]!;
    await t
      .db('product_descriptions')
      .where({ tenant_id: shop.tenantId, product_id: Number(target.id), language: 'en' })
      .update({ name: 'Facets' });
    expect(
      await runIndexJob(
        runDeps(t.db, shop.engine.engine),
        { type: 'full', siteId: shop.siteId },
        { jobId: null, attempt: 1 },
      ),
    ).toBe('ok');
    const renamed = await detail(`/v1/products/${target.id}`);
    expect([renamed.name, renamed.slug]).toEqual(['Facets', 'facets-2']);
    const variants = await get('/v1/products/facets-2/variants');
    expect([variants.status, variants.body.total]).toEqual([200, renamed.variantCount]);
  }, 60_000);

  it('is PRODUCT_NOT_FOUND for an unsold product, a variant id, an unknown slug and an unknown SKU', async () => {
    for (const path of [
      `/v1/products/${made.unsold}`,
      `/v1/products/${made.cascadeVariants['Red/S']}`,
      '/v1/products/no-such-slug',
      '/v1/products/by-sku/NOPE-1',
      '/v1/products/by-sku/NOPRICE-1',
    ]) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('PRODUCT_NOT_FOUND');
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('looks up a SKU of the product and of a variant', async () => {
    const parent = await detail('/v1/products/by-sku/CASC-1');
    expect(parent.id).toBe(String(made.cascade));
    expect(parent.matchedVariantId).toBeNull();
    const hit = await detail('/v1/products/by-sku/CASC-1-Blue-M');
    expect(hit.id).toBe(String(made.cascade));
    expect(hit.matchedVariantId).toBe(String(made.cascadeVariants['Blue/M']));
  });

  it('leaves variants null above 100 and still counts them', async () => {
    const body = await detail('/v1/products/by-sku/HUGE-150');
    expect(body.variants).toBeNull();
    expect(body.variantCount).toBe(150);
  });

  it('lists every variant with its own price, stock and parties; an unsold variant is listed unpriced', async () => {
    const body = await detail(`/v1/products/${made.cascade}`);
    const variants = body.variants ?? [];
    expect(variants).toHaveLength(4);
    const blueS = variants.find((v) => v.id === String(made.cascadeVariants['Blue/S']));
    expect(blueS).toMatchObject({
      sku: 'CASC-1-Blue-S',
      selectedOptions: { colour: 'Blue', size: 'S' },
      price: null,
      stock: '7.00',
      inStock: false,
      images: [],
      image: null,
      hasOwnImages: false,
    });
    const redM = variants.find((v) => v.sku === 'CASC-1-Red-M');
    expect(redM).toMatchObject({ price: { amount: '220.00', vatRate: '25.00' }, stock: '0.00', inStock: false });
    expect(body.priceVaries).toBe(true);
    expect(body.price.amount).toBe('200.00');
    expect(body.responsible.manufacturer?.name).toEqual(expect.any(String));
    const manufacturer = await t
      .db('responsible_parties')
      .where({ tenant_id: shop.tenantId, id: made.manufacturerPartyId })
      .first('name');
    expect(body.responsible.manufacturer?.name).toBe(manufacturer.name);
    for (const v of variants)
      expect(v.responsible).toEqual({ manufacturer: null, importer: null, euResponsiblePerson: null });
    expect(variants[0]!.brand).toEqual(body.brand);
  });

  it('sanitises the description to the allow-list and keeps its text', async () => {
    const body = await detail(`/v1/products/${made.cascade}`);
    const html = body.description?.html ?? '';
    for (const banned of [
      '<script',
      'alert(1)',
      '<style',
      'color: red',
      '<img',
      'class=',
      'onclick',
      'onerror',
      'onmouseover',
      'style=',
      'javascript:',
    ])
      expect(html).not.toContain(banned);
    expect(html).toContain('<strong>cotton</strong>');
    expect(html).toContain('<h2>Care</h2>');
    expect(html).toContain('<a href="https://shop.example/size">Size guide</a>');
    expect(body.description?.text).toBe('Soft cotton & linen Care Wash cold Size guidebad');
    expect(body.shortDescription).toBe('Cascade Tee, in short.');
  });

  it('shows attributes in order, valueKeys absent when a value lacks its key, and html attributes sanitised', async () => {
    const body = await detail(`/v1/products/${made.cascade}`);
    expect(body.attributes.map((a) => a.key)).toEqual(['fit', 'material', 'care']);
    const raw = (await get(`/v1/products/${made.cascade}`)).body.attributes;
    expect(raw[0]).not.toHaveProperty('valueKeys');
    expect(raw[0]).toMatchObject({ type: 'list', values: ['slim', 'long'], value: null, html: null });
    expect(raw[1]).toMatchObject({ valueKeys: ['cotton', 'linen'], facetKey: 'material' });
    expect(raw[2]).toMatchObject({ type: 'html', value: 'Wash cold', html: '<p>Wash <b>cold</b></p>', values: null });
  });

  it('builds the brand with its facet and no url on a market without brand pages', async () => {
    const body = await detail(`/v1/products/${made.cascade}`);
    const brand = await t
      .db('brands')
      .where({ tenant_id: shop.tenantId, id: Number(body.brand?.id) })
      .first('name', 'slug');
    expect(body.brand).toEqual({
      label: brand.name,
      facet: { key: 'brand', valueKey: brand.slug },
      id: body.brand?.id,
      slug: expect.any(String),
      url: null,
      logo: null,
    });
  });

  it('carries related groups without unsold products and the bundle priced for the market', async () => {
    const body = await detail(`/v1/products/${made.cascade}`);
    expect(body.related.map((g) => g.key)).toEqual(['similar']);
    expect(body.related[0]!.products.map((p) => p.id)).toEqual([sold[0]!.id, sold[1]!.id]);
    expect(body.related[0]!.label).toBe('Similar products');
    const kit = await detail('/v1/products/by-sku/BUNDLE-1');
    expect(kit.bundle?.components.map((c) => [c.product.id, c.quantity])).toEqual([[sold[2]!.id, '2.00']]);
    const onM2 = await detail('/v1/products/by-sku/BUNDLE-1', { 'X-Market': 'm2' });
    expect(onM2.bundle?.components[0]?.product.price.currency).not.toBe(
      kit.bundle?.components[0]?.product.price.currency,
    );
    expect(body.bundle).toBeNull();
  });

  it('answers pages asked for at once (their reads batched) as it answers each alone', async () => {
    // Pages with related groups, a bundle, parties and plain ones; slugs and ids; one unknown slug.
    const paths = [
      `/v1/products/${made.cascade}`,
      '/v1/products/by-sku/BUNDLE-1',
      ...sold.map((p) => `/v1/products/${p.slug}`),
      `/v1/products/${made.huge}`,
      '/v1/products/no-such-product',
    ];
    const alone = [];
    for (const path of paths) alone.push(await get(path));
    const together = await Promise.all(paths.map((path) => get(path)));
    expect(together.map((res) => [res.status, res.body])).toEqual(alone.map((res) => [res.status, res.body]));
    expect(alone.filter((res) => res.status === 200)).toHaveLength(paths.length - 1);
  });
});
