import { saveCollection, saveQueryRule } from '../../../../../shared/storefront-config/drafts';
import { SEED_TIMEOUT_MS } from '../../../../support/business-data';
import { brokenFields, startAdminWorld, type AdminWorld } from '../../../../support/storefront-admin-fixture';

// GET /storefront/sites/{siteId}/merchandised-products: the products the draft's query rules and collections pin or
// hide, named from the tenant's catalogue (the console lists a rule's products by name); and
// GET .../merchandisable-products?q=: storefront products (never variants) to pin or hide. Read-only tokens read both;
// a site of another tenant is not found, and another tenant's products are no products of this one.

type Product = { id: number; parent_id: number | null; product_number: string; name: string; is_active: boolean };

// Products of this test's own, at ids the seed does not reach: a product with a variant in tenant A, one in tenant B.
const TRAIL = {
  id: 800_001,
  parent_id: null,
  product_number: 'MERCH-TRAIL',
  name: 'Merch Trail Runner',
  is_active: true,
};
const TRAIL_42 = {
  id: 800_002,
  parent_id: 800_001,
  product_number: 'MERCH-TRAIL-42',
  name: 'Merch Trail Runner, 42',
  is_active: true,
};
const ONLY_B = {
  id: 900_001,
  parent_id: null,
  product_number: 'MERCH-ONLY-B',
  name: 'Merch Only In B',
  is_active: false,
};

describe('storefront admin API: the products the draft merchandises', () => {
  let w: AdminWorld;
  let site: number;
  let roots: Product[];
  const path = (id: number | string = site) => `/storefront/sites/${id}/merchandised-products`;
  const finder = (id: number | string = site) => `/storefront/sites/${id}/merchandisable-products`;
  const named = (p: Product) => ({
    productId: String(p.id),
    productNumber: p.product_number,
    name: p.name,
    active: p.is_active,
  });
  const foundIds = async (q: string, token = w.tokens.owner) =>
    ((await w.h.call('get', finder(), { token, query: { q } })).body.products as { productId: string }[]).map(
      (p) => p.productId,
    );

  beforeAll(async () => {
    w = await startAdminWorld('admin-merch-products');
    site = (
      await w.h.call('post', '/storefront/sites', {
        token: w.tokens.owner,
        body: { code: 'shop', name: 'Shop', ecomSiteId: 1 },
      })
    ).body.siteId;
    await w.h.t.db('products').insert([TRAIL, TRAIL_42].map((p) => ({ ...p, tenant_id: w.tenantA })));
    await w.h.t.db('products').insert({ ...ONLY_B, tenant_id: w.tenantB });
    roots = await w.h.t
      .db('products')
      .where({ tenant_id: w.tenantA, parent_id: null })
      .orderBy('id')
      .limit(2)
      .select('id', 'parent_id', 'product_number', 'name', 'is_active');
  }, SEED_TIMEOUT_MS);
  afterAll(() => w.h.close());

  it('answers an empty list for a draft that pins and hides nothing', async () => {
    const res = await w.h.call('get', path(), { token: w.tokens.owner });
    expect([res.status, res.body]).toEqual([200, { products: [], missing: [] }]);
  });

  it('names each product the rules and collections pin or hide once, by id, and lists the ids that name no product of the tenant', async () => {
    const [a, b] = roots as [Product, Product];
    await saveQueryRule(w.h.t.db, w.tenantA, site, {
      query: 'trainers',
      pin: [{ productId: String(TRAIL.id), position: 1 }],
      hide: [String(a.id), '999999999999'],
    });
    await saveQueryRule(w.h.t.db, w.tenantA, site, {
      query: 'boots',
      pin: [{ productId: String(a.id), position: 2 }],
      hide: [String(ONLY_B.id)],
    });
    await saveCollection(w.h.t.db, w.tenantA, site, {
      slugs: { en: 'all' },
      names: { en: 'All' },
      filter: { all: [] },
      pin: [{ productId: String(b.id), position: 1 }],
      hide: ['2147483648'],
    });
    for (const token of [w.tokens.owner, w.tokens.readOnly]) {
      const res = await w.h.call('get', path(), { token });
      expect([res.status, res.body]).toEqual([
        200,
        { products: [a, b, TRAIL].map(named), missing: [String(ONLY_B.id), '2147483648', '999999999999'] },
      ]);
    }
  });

  it('finds storefront products by number, name or part of one, the exact number first, never a variant', async () => {
    expect(await foundIds('merch-trail')).toEqual([String(TRAIL.id)]);
    expect(await foundIds('Trail Runner', w.tokens.readOnly)).toEqual([String(TRAIL.id)]);
    const exact = await w.h.call('get', finder(), { token: w.tokens.owner, query: { q: 'MERCH-TRAIL', limit: 1 } });
    expect(exact.body.products).toEqual([named(TRAIL)]);
    // LIKE's wildcards are text: "%" finds only names holding a "%".
    expect(await foundIds('%')).toEqual([]);
    // Another tenant's product is not found, by name or number.
    expect([...(await foundIds('Only In B')), ...(await foundIds('MERCH-ONLY-B'))]).toEqual([]);
    expect(brokenFields(await w.h.call('get', finder(), { token: w.tokens.owner }))).toEqual(['q']);
    expect(
      brokenFields(await w.h.call('get', finder(), { token: w.tokens.owner, query: { q: 'a', limit: 21 } })),
    ).toEqual(['limit']);
  });

  it("is not found for another tenant's token, or a site the tenant does not have; needs a token; names a bad site id", async () => {
    for (const route of [path, finder]) {
      for (const [id, token] of [
        [site, w.tokens.otherTenant],
        [site + 1000, w.tokens.owner],
      ] as const) {
        const res = await w.h.call('get', route(id), { token, query: { q: 'a' } });
        expect([res.status, res.body.code]).toEqual([404, 'not_found']);
      }
      expect((await w.h.call('get', route(), { query: { q: 'a' } })).status).toBe(401);
      expect(brokenFields(await w.h.call('get', route('shop'), { token: w.tokens.owner, query: { q: 'a' } }))).toEqual([
        'siteId',
      ]);
    }
  });
});
