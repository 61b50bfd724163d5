import type { RequestListener } from 'node:http';
import request from 'supertest';
import { saveContent } from '../../../../shared/storefront-config/drafts';
import { addDetailProducts, type DetailProducts } from '../../../support/detail-products';
import { createStorefrontTestApp } from '../../../support/storefront-api';
import { indexedShop, type IndexedShop } from '../../../support/storefront-fixture';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';
import { productDetailSchema } from '../../../../services/storefront-api/products/detail-schema';

// The site's `content` block (spec "Product content": "a content block maps canonical fields and attributes to
// entity properties"): published, it decides what fills the product page and the card. The shop's Cascade Tee has a
// short description, a description and the attributes fit (list, no keys), material (list, keyed) and care (html).

const CONTENT = {
  shortDescription: { attribute: 'fit' },
  description: { property: 'shortDescription' },
  attributes: [
    { key: 'fabric', attribute: 'material', label: { en: 'Fabric', sv: 'Tyg' } },
    { key: 'care-notes', attribute: 'care', type: 'text' },
    { key: 'origin', attribute: 'not-on-this-product' },
  ],
};

describe('the content block on product pages and cards', () => {
  let t: TestDb;
  let r: TestRedis;
  let shop: IndexedShop;
  let app: RequestListener;
  let made: DetailProducts;
  const get = (path: string, market = 'm1') =>
    request(app).get(path).set({ 'X-Site-Key': shop.keys.publishable, 'X-Market': market });

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    shop = await indexedShop(t.db, {
      tenant: 'content-block',
      products: 20,
      seed: 5,
      configure: async (siteId, tenantId) => {
        made = await addDetailProducts(t.db, tenantId);
        await saveContent(t.db, tenantId, siteId, CONTENT);
      },
    });
    ({ app } = await createStorefrontTestApp({ db: t.db, redis: r.redis, engine: shop.engine.engine }));
  }, 120_000);
  afterAll(async () => {
    await shop.engine.cleanup();
    await r.cleanup();
    await t.drop();
  });

  it('fills the short description and the description from the properties the block names', async () => {
    const res = await get(`/v1/products/${made.cascade}`);
    expect(res.status).toBe(200);
    const body = productDetailSchema.parse(res.body);
    expect(body.shortDescription).toBe('slim, long');
    expect(body.description).toEqual({ html: 'Cascade Tee, in short.', text: 'Cascade Tee, in short.' });
  });

  it("shows only the mapped attributes, in the block's order, under its keys, labels and types", async () => {
    const en = productDetailSchema.parse((await get(`/v1/products/${made.cascade}`)).body).attributes;
    expect(en.map((a) => [a.key, a.label, a.type])).toEqual([
      ['fabric', 'Fabric', 'list'],
      ['care-notes', 'Care', 'text'],
    ]);
    // The facet fed by the product attribute still links the values, whatever key the page shows them under.
    expect(en[0]).toMatchObject({ values: ['Cotton', 'Linen'], valueKeys: ['cotton', 'linen'], facetKey: 'material' });
    expect(en[1]).toMatchObject({ html: null, values: null });
    const sv = productDetailSchema.parse((await get(`/v1/products/${made.cascade}`, 'm2')).body).attributes;
    expect(sv[0]?.label).toBe('Tyg');
  });

  it('an html attribute shown as text carries no markup', async () => {
    const [, care] = productDetailSchema.parse((await get(`/v1/products/${made.cascade}`)).body).attributes;
    expect(care?.value).toBe('Wash cold');
  });

  it('the card carries the mapped short description, in the listing and on the page', async () => {
    const listed = await get('/v1/products?q=cascade');
    expect(listed.status).toBe(200);
    const card = listed.body.items.find((c: { id: string }) => c.id === String(made.cascade));
    expect(card?.shortDescription).toBe('slim, long');
  });
});
