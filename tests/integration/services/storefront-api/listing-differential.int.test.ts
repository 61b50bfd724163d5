import fc from 'fast-check';
import request from 'supertest';
import type { Express } from 'express';
import { joinValues } from '../../../../shared/listing/filter-grammar';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';
import { indexedShop, twoPriceLists, type IndexedShop } from '../../../support/storefront-fixture';
import { createStorefrontTestApp } from '../../../support/storefront-api';
import { loadReferenceRows } from '../../../support/listing-reference/reference-rows';
import { referenceCatalogue, type RefCatalogue } from '../../../support/listing-reference/reference-catalogue';
import { referenceListing, type RefSelection } from '../../../support/listing-reference/reference-listing';

// Listing totals and facet counts over HTTP against a brute-force computation over the seeded catalogue in
// PostgreSQL (tests/support/listing-reference). The site has no facet configuration: the zero-config facets apply.

const FACET_SIZE = 20;
const RUNS = 240;

interface ApiCard {
  id: string;
  price: { amount: string; currency: string };
  inStock: boolean;
  priceVaries: boolean;
}

interface ApiFacet {
  key: string;
  type: string;
  truncated: boolean;
  values: { value: string; label: string; count: number; selected: boolean }[];
  range: { min: number | null; max: number | null } | null;
}

describe('GET /v1/products against a brute-force reference', () => {
  let t: TestDb;
  let r: TestRedis;
  let shop: IndexedShop;
  let app: Express;
  let ref: RefCatalogue;
  let known: Map<string, string[]>;
  let amounts: number[];
  let currencies: Map<string, string>;

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    // The seed gives variants their parent's brand; a third of them get another brand before indexing, so that
    // rule 10 (a brand filter matches when any variant has the brand) is exercised.
    const configure = async (_siteId: number, tenantId: number) => {
      await t.db.raw(
        `update products set brand_id = (select b.id from brands b where b.tenant_id = products.tenant_id and b.id <> coalesce(products.brand_id, 0) order by (b.id * 7 + products.id) % 13, b.id limit 1)
         where tenant_id = ? and parent_id is not null and id % 3 = 0`,
        [tenantId],
      );
    };
    shop = await indexedShop(t.db, { tenant: 'differential', products: 400, seed: 23, configure });
    ({ app } = await createStorefrontTestApp({ db: t.db, redis: r.redis, engine: shop.engine.engine }));
    // The fixture's site: m1 (en) on the first price list, m2 (sv) on the second.
    const lists = await twoPriceLists(t.db, shop.tenantId);
    const markets = lists.map((l, i) => ({ code: `m${i + 1}`, language: i === 0 ? 'en' : 'sv', priceListId: l.id, currency: l.currency }));
    currencies = new Map(markets.map((m) => [m.code, m.currency]));
    ref = referenceCatalogue(await loadReferenceRows(t.db, shop.tenantId, markets), ['en', 'sv']);
    known = new Map(ref.facets.map((f) => [f.key, [...new Set(ref.docs.flatMap((d) => [...(d.values.get(f.key) ?? [])]))].sort()]));
    amounts = [...new Set(ref.docs.flatMap((d) => [...d.offers.values()].map((o) => o.amount)))].sort((a, b) => a - b);
  }, 120_000);
  afterAll(async () => {
    await shop.engine.cleanup();
    await r.cleanup();
    await t.drop();
  });

  const get = (path: string) => request(app).get(path).set({ 'X-Site-Key': shop.keys.publishable });

  it('has a catalogue worth comparing: products missing on a market, mixed brands and stock, long facets', () => {
    const onM2 = ref.docs.filter((d) => d.offers.has('m2')).length;
    expect(onM2).toBeGreaterThan(100);
    expect(ref.docs.length).toBeGreaterThan(onM2);
    expect(ref.docs.some((d) => (d.values.get('brand')?.size ?? 0) > 1)).toBe(true);
    expect(ref.docs.some((d) => d.offers.get('m1')?.inStock === false)).toBe(true);
    expect(ref.docs.some((d) => d.offers.get('m1')?.priceVaries === true)).toBe(true);
    expect(ref.facets.map((f) => f.kind)).toEqual(expect.arrayContaining(['brand', 'option', 'attribute', 'category']));
    expect(known.get('brand')!.length).toBeGreaterThan(5);
    expect(ref.facets.some((f) => f.kind === 'category' && known.get(f.key)!.length > FACET_SIZE)).toBe(true);
  });

  it('serves the zero-config facets the reference derives', async () => {
    const res = await get('/v1/products?pageSize=1');
    expect(res.body.facets.map((f: ApiFacet) => f.key)).toEqual([...ref.facets.map((f) => f.key), 'price', 'in-stock']);
  });

  /**
   * Every selected value is applied in order; a brand or category value listed in its facet is labelled with its
   * name. (One that is not listed, past the facet's size or with no count, is the known bug below.)
   */
  function checkApplied(body: { facets: ApiFacet[]; appliedFilters: { facet: string; value: string; label: string }[] }, s: RefSelection, language: string): void {
    const applied = body.appliedFilters;
    const listed = (facet: string, value: string) => body.facets.some((f) => f.key === facet && f.values.some((v) => v.value === value));
    for (const { facet, value, label } of applied) {
      const known = ref.labels.get(facet)?.get(value);
      if (known !== undefined && listed(facet, value)) expect({ facet, value, label }).toEqual({ facet, value, label: known[language] });
    }
    expect(applied.filter((a) => a.facet !== 'price' && a.facet !== 'in-stock').map((a) => [a.facet, a.value])).toEqual([...s.values].flatMap(([k, vs]) => vs.map((v) => [k, v])));
  }

  /** Cards carry the cheapest price on the market, in its currency, stock and priceVaries; price sorts order by that price. */
  function checkCards(items: ApiCard[], s: RefSelection, sort: string | null, ids: Set<number>): void {
    const docs = new Map(ref.docs.map((d) => [d.id, d]));
    for (const item of items) {
      const offer = docs.get(Number(item.id))?.offers.get(s.market);
      expect({ id: item.id, amount: Number(item.price.amount), currency: item.price.currency, inStock: item.inStock, priceVaries: item.priceVaries }).toEqual({
        id: item.id, amount: offer?.amount, currency: currencies.get(s.market), inStock: offer?.inStock, priceVaries: offer?.priceVaries,
      });
    }
    if (sort !== 'price_asc' && sort !== 'price_desc') return;
    const amounts = [...ids].map((id) => docs.get(id)!.offers.get(s.market)!.amount).sort((a, b) => (sort === 'price_asc' ? a - b : b - a));
    expect(items.map((i) => Number(i.price.amount))).toEqual(amounts.slice(0, items.length));
  }

  function check(body: { total: number; items: ApiCard[]; facets: ApiFacet[] }, s: RefSelection, sort: string | null): void {
    const expected = referenceListing(ref, s);
    const language = s.market === 'm1' ? 'en' : 'sv';
    expect(body.total).toBe(expected.ids.size);
    for (const item of body.items) expect(expected.ids.has(Number(item.id))).toBe(true);
    if (expected.ids.size <= 100) expect(body.items.map((i) => Number(i.id)).sort((a, b) => a - b)).toEqual([...expected.ids].sort((a, b) => a - b));
    checkCards(body.items, s, sort, expected.ids);
    for (const facet of body.facets) {
      if (facet.key === 'price') {
        expect({ key: facet.key, min: facet.range?.min, max: facet.range?.max }).toEqual({ key: 'price', ...expected.price });
      } else if (facet.key === 'in-stock') {
        expect({ key: facet.key, count: facet.values[0]?.count, selected: facet.values[0]?.selected }).toEqual({ key: 'in-stock', count: expected.inStockCount, selected: s.inStock });
      } else {
        const all = expected.facets.get(facet.key) ?? [];
        const selected = new Set(s.values.get(facet.key) ?? []);
        expect({ key: facet.key, values: facet.values.map((v) => ({ value: v.value, count: v.count, selected: v.selected })), truncated: facet.truncated }).toEqual({
          key: facet.key,
          values: all.slice(0, FACET_SIZE).map((v) => ({ ...v, selected: selected.has(v.value) })),
          truncated: all.length > FACET_SIZE,
        });
        const labels = ref.labels.get(facet.key)!;
        for (const v of facet.values) if (labels.has(v.value)) expect({ value: v.value, label: v.label }).toEqual({ value: v.value, label: labels.get(v.value)![language] });
      }
    }
  }

  it(`matches the reference for ${RUNS} random filter combinations`, async () => {
    const valueFacets = ref.facets.map((f) => f.key);
    const favoured = ['brand', ...ref.facets.filter((f) => f.kind === 'category').map((f) => f.key)];
    const bound = fc.option(fc.oneof(fc.constantFrom(...amounts), fc.integer({ min: -20, max: 5000 }), fc.constant(0)), { nil: null });
    const pick = fc.record({
      facet: fc.oneof({ arbitrary: fc.constantFrom(...favoured), weight: 2 }, { arbitrary: fc.constantFrom(...valueFacets), weight: 1 }),
      indexes: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
      junk: fc.option(fc.constantFrom('no-such-value', 'a,b', 'back\\slash'), { freq: 4 }),
    });
    const arbitrary = fc.record({
      market: fc.constantFrom('m1', 'm1', 'm2'),
      picks: fc.array(pick, { maxLength: 3 }),
      price: fc.option(fc.tuple(bound, bound), { freq: 2 }),
      inStock: fc.constantFrom<'true' | 'false' | null>('true', 'false', null, null),
      sort: fc.constantFrom(null, 'price_asc', 'price_desc', 'name_asc', 'newest'),
    });
    await fc.assert(
      fc.asyncProperty(arbitrary, async ({ market, picks, price, inStock, sort }) => {
        const values = new Map<string, string[]>();
        for (const p of picks) {
          const pool = known.get(p.facet)!;
          const chosen = pool.length === 0 ? [] : p.indexes.map((i) => pool[i % pool.length]!);
          values.set(p.facet, [...new Set([...(values.get(p.facet) ?? []), ...chosen, ...(p.junk === null ? [] : [p.junk])])]);
        }
        const params = [...values].map(([k, v]) => `filter[${k}]=${encodeURIComponent(joinValues(v))}`);
        const [min, max] = price ?? [null, null];
        const range = price === null || (min === null && max === null) || (min !== null && max !== null && min > max) ? null : { min, max };
        if (price !== null && (min !== null || max !== null)) params.push(`filter[price]=${min ?? ''}-${max ?? ''}`);
        if (inStock !== null) params.push(`filter[in-stock]=${inStock}`);
        if (sort !== null) params.push(`sort=${sort}`);
        const res = await get(`/v1/products?pageSize=100&${params.join('&')}`).set('X-Market', market);
        expect(res.status).toBe(200);
        const selection = { market, values, price: range, inStock: inStock === 'true' };
        check(res.body, selection, sort);
        checkApplied(res.body, selection, market === 'm1' ? 'en' : 'sv');
      }),
      { numRuns: RUNS, seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31) },
    );
  }, 120_000);

  // Known bug, reported to the lead: appliedFilters take their labels from the facet values in the answer, so a
  // selected value the facet does not list (past its size of 20, or with no count beside the other filters)
  // is labelled with its raw key: a category shows "12/40" instead of its name. Flips to passing once fixed.
  it.failing('labels a selected category value that its facet does not list with the category name', async () => {
    const facet = ref.facets.find((f) => f.kind === 'category' && known.get(f.key)!.length > FACET_SIZE)!;
    const ranked = referenceListing(ref, { market: 'm1', values: new Map(), price: null, inStock: false }).facets.get(facet.key)!;
    const value = ranked[ranked.length - 1]!.value;
    const res = await get(`/v1/products?pageSize=1&filter[${facet.key}]=${encodeURIComponent(value)}`);
    expect(res.body.appliedFilters).toEqual([{ facet: facet.key, value, label: ref.labels.get(facet.key)!.get(value)!.en }]);
  });
});
