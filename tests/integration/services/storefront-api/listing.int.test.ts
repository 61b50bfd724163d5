import request from 'supertest';
import type { RequestListener } from 'node:http';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';
import { createEngineOf, indexedShop, type IndexedShop } from '../../../support/storefront-fixture';
import { storefrontConformance, type StorefrontConformance } from '../../../support/storefront-openapi';
import { engineKinds, type TestEngine } from '../../../support/test-engines';
import { createStorefrontTestApp, ERRORS_DOC_URL } from '../../../support/storefront-api';

describe.each(engineKinds('GET /v1/products'))('GET /v1/products (%s)', (kind) => {
  let t: TestDb;
  let r: TestRedis;
  let shop: IndexedShop<TestEngine>;
  let app: RequestListener;
  let doc: StorefrontConformance;
  // Every answer is checked against the served OpenAPI document as well.
  const get = (path: string, headers: Record<string, string> = {}) =>
    doc.get(path, { 'X-Site-Key': shop.keys.publishable, ...headers });

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    shop = await indexedShop(t.db, {
      engine: await createEngineOf(kind, t.db),
      tenant: 'listing',
      products: 300,
      seed: 7,
    });
    ({ app } = await createStorefrontTestApp({ db: t.db, redis: r.redis, engine: shop.engine.engine }));
    doc = await storefrontConformance(app);
  }, 90_000);
  afterAll(async () => {
    await shop.engine.cleanup();
    await r.cleanup();
    await t.drop();
  });

  it('lists the default market with cards, facets, sort and caching headers', async () => {
    const res = await get('/v1/products');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(res.headers.vary).toContain('X-Site-Key, X-Market, Accept-Language');
    expect(res.headers['x-config-version']).toBe('2');
    expect(res.headers.etag).toMatch(/^"/);
    expect(res.body.total).toBeGreaterThan(24);
    expect(res.body.items).toHaveLength(24);
    expect(res.body.page).toBe(1);
    expect(res.body.pageSize).toBe(24);
    const card = res.body.items[0];
    expect(Object.keys(card).sort()).toEqual(
      [
        'brand',
        'collections',
        'id',
        'image',
        'inStock',
        'name',
        'price',
        'priceVaries',
        'shortDescription',
        'sku',
        'slug',
        'updatedAt',
        'url',
      ].sort(),
    );
    expect(card.url).toBe(`https://m1.shop.example/p/${card.slug}`);
    expect(card.price.amount).toMatch(/^\d+\.\d{2}$/);
    expect(res.body.sort.selected).toBe('relevance');
    expect(res.body.facets.map((f: { key: string }) => f.key)).toEqual(
      expect.arrayContaining(['brand', 'price', 'in-stock']),
    );
    const again = await get('/v1/products', { 'If-None-Match': res.headers.etag });
    expect(again.status).toBe(304);
  });

  it('answers problems for keys', async () => {
    const missing = await request(app).get('/v1/products');
    expect(missing.status).toBe(401);
    expect(missing.headers['content-type']).toContain('application/problem+json');
    expect(missing.body).toEqual({
      type: `${ERRORS_DOC_URL}/SITE_KEY_MISSING`,
      title: 'SITE_KEY_MISSING',
      status: 401,
      detail: expect.any(String),
      code: 'SITE_KEY_MISSING',
    });
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.headers.etag).toBeUndefined();
    expect((await get('/v1/products', { 'X-Site-Key': 'sfk_pub_nope' })).body.code).toBe('SITE_KEY_INVALID');
    expect(
      (await get('/v1/products', { 'X-Site-Key': shop.keys.secret, Origin: 'https://m1.shop.example' })).body.code,
    ).toBe('SECRET_KEY_FROM_BROWSER');
    expect((await get('/v1/products', { 'X-Site-Key': shop.keys.secret })).status).toBe(200);
    const market = await get('/v1/products', { 'X-Market': 'mars' });
    expect(market.status).toBe(400);
    expect(market.body.code).toBe('MARKET_UNKNOWN');
    expect(market.body.detail).toContain('m1, m2');
    expect((await get('/v1/nothing-here')).body.code).toBe('NOT_FOUND');
  });

  it('filters, sorts and pages with warnings instead of failures', async () => {
    const res = await get('/v1/products?sort=price_asc&filter[price]=100-5000&filter[bogus]=1&sort=x&pageSize=5');
    expect(res.status).toBe(200);
    expect(res.body.sort.selected).toBe('price_asc');
    const prices = res.body.items.map((c: { price: { amount: string } }) => Number(c.price.amount));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices.every((p: number) => p >= 100 && p <= 5000)).toBe(true);
    expect(res.body.warnings).toContainEqual(expect.objectContaining({ code: 'FILTER_IGNORED', facet: 'bogus' }));
    expect(res.body.appliedFilters).toEqual([{ facet: 'price', value: '100-5000', label: '100-5000' }]);
    // Names every JavaScript object has are facets like any other unknown one (a lookup by key must not find them).
    const all = (await get('/v1/products?pageSize=5')).body.total;
    for (const key of ['__proto__', 'constructor', 'toString', '_a']) {
      const odd = await get(`/v1/products?filter[${key}]=x&pageSize=5`);
      expect([odd.status, odd.body.total, odd.body.appliedFilters, odd.body.warnings]).toEqual([
        200,
        all,
        [],
        [expect.objectContaining({ code: 'FILTER_IGNORED', facet: key })],
      ]);
    }
    expect((await get('/v1/products?sort=cheapest')).body.warnings).toContainEqual(
      expect.objectContaining({ code: 'SORT_UNKNOWN' }),
    );
    expect((await get('/v1/products?filter[price]=50-10')).body.warnings).toContainEqual(
      expect.objectContaining({ code: 'RANGE_INVERTED' }),
    );
    expect((await get('/v1/products?page=101&pageSize=100')).body.code).toBe('INVALID_PAGE');
    expect((await get('/v1/products?pageSize=101')).body.code).toBe('INVALID_PAGE');
    expect((await get('/v1/products?filter[a][b]=1')).body.code).toBe('INVALID_FILTER');
    expect((await get(`/v1/products?q=${'a'.repeat(201)}`)).body.warnings).toContainEqual(
      expect.objectContaining({ code: 'QUERY_TRUNCATED' }),
    );
  });

  it('corrects a misspelt query from the index words, and never an exact or SKU hit', async () => {
    const first = (await get('/v1/products?pageSize=1&sort=name_asc')).body.items[0];
    const word = String(first.name)
      .split(' ')
      .find((w) => w.length >= 6)!
      .toLowerCase();
    // Two edits (neighbouring letters swapped, the last one replaced): past the engine's one-typo tolerance.
    const typo = `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4, -1)}${word.endsWith('x') ? 'q' : 'x'}`;
    const corrected = await get(`/v1/products?q=${encodeURIComponent(typo)}`);
    expect(corrected.body.queryCorrection).toEqual({
      original: typo,
      corrected: expect.any(String),
      total: corrected.body.total,
    });
    expect(corrected.body.total).toBeGreaterThan(0);
    expect((await get(`/v1/products?q=${encodeURIComponent(word)}`)).body.queryCorrection).toBeNull();
    const sku = await get(`/v1/products?q=${encodeURIComponent(first.sku)}`);
    expect(sku.body.total).toBeGreaterThan(0);
    expect(sku.body.queryCorrection).toBeNull();
    expect((await get('/v1/products?q=qqqqqqqqqq')).body).toMatchObject({ total: 0, queryCorrection: null });
  });

  it('suggests and searches in a facet', async () => {
    const first = (await get('/v1/products?pageSize=1')).body.items[0];
    const word = String(first.name).split(' ')[0]!.slice(0, 3);
    const suggest = await get(`/v1/search/suggest?q=${encodeURIComponent(word)}`);
    expect(suggest.status).toBe(200);
    expect(suggest.body.products.length).toBeGreaterThan(0);
    expect((await get('/v1/search/suggest?q=')).body.code).toBe('INVALID_QUERY');
    const brand = (await get('/v1/products')).body.facets.find((f: { key: string }) => f.key === 'brand').values[0];
    const facet = await get(`/v1/products/facets/brand?q=${encodeURIComponent(String(brand.label).slice(0, 2))}`);
    expect(facet.status).toBe(200);
    expect(facet.body.values.length).toBeGreaterThan(0);
    expect((await get('/v1/products/facets/price?q=a')).body.code).toBe('FACET_NOT_SEARCHABLE');
    expect((await get('/v1/products/facets/nope?q=a')).body.code).toBe('FACET_NOT_FOUND');
  });

  it('serves the site', async () => {
    const res = await get('/v1/site', { 'X-Market': 'm2' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      configVersion: 2,
      market: 'm2',
      language: 'sv',
      urlPatterns: { product: '/p/{slug}', collection: '/k/{path}' },
    });
    expect(res.body.media.templates.image).toBe('/r/{hash}/{recipe}/{width}.{format}');
  });
});
