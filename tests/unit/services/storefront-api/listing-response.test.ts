import type { IndexedCard } from '../../../../indexer/documents/card';
import type { FacetResult, SearchResponse } from '../../../../shared/search';
import { facetPanel } from '../../../../services/storefront-api/listing/facet-view';
import {
  planListing,
  type ListingParams,
  type ListingPlan,
} from '../../../../services/storefront-api/listing/listing-plan';
import { cardOf, listingResponse, redirectFor } from '../../../../services/storefront-api/listing/listing-response';
import { answerJson, type JsonText } from '../../../../services/storefront-api/http/json-text';
import { RenderedItems } from '../../../../services/storefront-api/listing/rendered-items';
import { cardPrice, catalogue } from '../../../support/site-catalogue-fixture';

const site = catalogue();
const [m1, m2] = site.markets as [(typeof site.markets)[0], (typeof site.markets)[0]];
const params = (filters: Record<string, string[]>, extra: Partial<ListingParams> = {}): ListingParams => ({
  filters: new Map(Object.entries(filters).map(([k, values]) => [k, { values }])),
  ...extra,
});

const price = cardPrice;
const CARD: IndexedCard = {
  id: '42',
  sku: 'P-42',
  slug: { en: 'red-shoe-42', sv: 'rod-sko-42' },
  name: { en: 'Red shoe', sv: 'Röd sko' },
  shortDescription: { en: 'A shoe', sv: null },
  price: { m1: price('10.00', 'EUR'), m2: price('99.00', 'SEK') },
  priceVaries: { m1: true, m2: false },
  inStock: { m1: false, m2: true },
  brand: { id: '3', slug: 'acme', label: 'Acme' },
  image: null,
  collectionIds: [11, 99, 12],
  updatedAt: '2025-05-01T00:00:00.000Z',
};

// Engine answers in the order the facets were requested (category, brand, colour, features, fit, weight, organic, price, in-stock).
const FACETS: FacetResult[] = [
  {
    kind: 'hierarchy',
    key: 'category',
    values: [
      { value: '1', label: 'Clothing', count: 4, depth: 1, parent: null },
      { value: '1/3', label: null, count: 2, depth: 2, parent: '1' },
    ],
    truncated: false,
  },
  {
    kind: 'terms',
    key: 'brand',
    values: [
      { value: 'acme', label: 'Acme', count: 3 },
      { value: 'zed', label: null, count: 1 },
    ],
    truncated: true,
  },
  {
    kind: 'terms',
    key: 'colour',
    values: [
      { value: 'red', label: 'Red', count: 2 },
      { value: 'blue', label: 'Blue', count: 1 },
    ],
    truncated: false,
  },
  { kind: 'terms', key: 'features', values: [], truncated: false },
  { kind: 'terms', key: 'fit', values: [{ value: 'slim', label: 'Slim', count: 1 }], truncated: false },
  { kind: 'range', key: 'weight', min: 0.5, max: 4, count: 3 },
  { kind: 'toggle', key: 'organic', count: 0 },
  { kind: 'range', key: 'price.m1', min: 10, max: 250, count: 4 },
  { kind: 'toggle', key: 'inStock.m1', count: 2 },
];

const RESULT: SearchResponse = { total: 4, hits: [{ id: '42', score: 0, card: CARD }], facets: FACETS };

function respond(filters: Record<string, string[]>, language = 'en', extra: Partial<ListingParams> = {}) {
  const market = language === 'sv' ? m2 : m1;
  const plan = planListing(params(filters, extra), site, market, language);
  return listingResponse({
    plan,
    result: RESULT,
    catalogue: site,
    language,
    redirect: null,
    queryCorrection: null,
    facets: panelOf(plan, RESULT, language),
    items: new RenderedItems().page(site, market, language),
  });
}

/** The facets of a listing, as run-listing renders them. */
const panelOf = (plan: ListingPlan, result: SearchResponse, language: string) =>
  facetPanel({ catalogue: site, results: result.facets, applied: plan.applied, language, swatchImages: new Map() });

/** A facet of an answer, as it is sent. */
type SentFacet = {
  key: string;
  type: string;
  match: string;
  label: string;
  help: string | null;
  values: { value: string; label: string }[];
};

/** The facets of an answer, as they are sent. */
const facetsOf = (res: { facets: JsonText }): SentFacet[] => JSON.parse(answerJson(res.facets));

/** The items of an answer, as it is sent. */
const itemsOf = (res: { items: JsonText }) => JSON.parse(answerJson(res.items));

describe('cardOf', () => {
  it('projects the card on the market and language, with its URL and collection slugs', () => {
    expect(cardOf(CARD, site, m1, 'en')).toEqual({
      id: '42',
      slug: 'red-shoe-42',
      name: 'Red shoe',
      sku: 'P-42',
      price: price('10.00', 'EUR'),
      priceVaries: true,
      inStock: false,
      brand: { id: '3', slug: 'acme', label: 'Acme' },
      shortDescription: 'A shoe',
      image: null,
      updatedAt: '2025-05-01T00:00:00.000Z',
      url: 'https://m1.shop.example/p/red-shoe-42',
      collections: ['shoes', 'everything'],
    });
    expect(cardOf(CARD, site, m2, 'sv')).toMatchObject({
      slug: 'rod-sko-42',
      name: 'Röd sko',
      price: price('99.00', 'SEK'),
      priceVaries: false,
      inStock: true,
      shortDescription: null,
      url: 'https://shop.example/sv/p/rod-sko-42',
      collections: ['skor', 'everything'],
    });
  });

  it('is null on a market where the product has no price', () => {
    expect(cardOf({ ...CARD, price: { m2: price('1.00', 'SEK') } }, site, m1, 'en')).toBeNull();
  });
});

describe('listingResponse', () => {
  it('answers every field of the spec with the facets in panel order', () => {
    const res = respond({});
    expect(Object.keys(res).sort()).toEqual([
      'appliedFilters',
      'facets',
      'items',
      'page',
      'pageSize',
      'queryCorrection',
      'redirect',
      'sort',
      'total',
      'warnings',
    ]);
    expect(res).toMatchObject({
      total: 4,
      page: 1,
      pageSize: 24,
      appliedFilters: [],
      redirect: null,
      queryCorrection: null,
      warnings: [],
    });
    expect(itemsOf(res)).toEqual([cardOf(CARD, site, m1, 'en')]);
    expect(facetsOf(res).map((f) => [f.key, f.type, f.match, f.label])).toEqual([
      ['category', 'hierarchy', 'any', 'Category'],
      ['brand', 'list', 'any', 'Brand'],
      ['colour', 'swatch', 'any', 'Colour'],
      ['features', 'list', 'all', 'Features'],
      ['fit', 'list', 'single', 'Fit'],
      ['weight', 'range', 'any', 'Weight'],
      ['organic', 'toggle', 'any', 'Organic'],
      ['price', 'range', 'any', 'Price'],
      ['in-stock', 'toggle', 'any', 'In stock'],
    ]);
  });

  it('gives each kind of facet its exact fields', () => {
    const [category, brand, colour, features, , weight, organic, priceFacet, inStock] = facetsOf(
      respond({
        brand: ['zed'],
        colour: ['red'],
        'in-stock': ['true'],
      }),
    );
    expect(category).toEqual({
      key: 'category',
      label: 'Category',
      type: 'hierarchy',
      match: 'any',
      searchable: false,
      help: null,
      collapsed: false,
      truncated: false,
      range: null,
      values: [
        { value: '1', label: 'Clothing', count: 4, selected: false, help: null, depth: 1, parent: null },
        { value: '1/3', label: '1/3', count: 2, selected: false, help: null, depth: 2, parent: '1' },
      ],
    });
    expect(brand).toEqual({
      key: 'brand',
      label: 'Brand',
      type: 'list',
      match: 'any',
      searchable: true,
      help: null,
      collapsed: false,
      truncated: true,
      range: null,
      values: [
        { value: 'acme', label: 'Acme', count: 3, selected: false, help: null },
        { value: 'zed', label: 'zed', count: 1, selected: true, help: null },
      ],
    });
    expect(colour).toEqual({
      key: 'colour',
      label: 'Colour',
      type: 'swatch',
      match: 'any',
      searchable: false,
      help: 'Pick a colour',
      collapsed: false,
      truncated: false,
      range: null,
      values: [
        { value: 'red', label: 'Red', count: 2, selected: true, help: null, swatch: { color: '#f00', image: null } },
        { value: 'blue', label: 'Blue', count: 1, selected: false, help: null, swatch: null },
      ],
    });
    expect(features).toEqual({
      key: 'features',
      label: 'Features',
      type: 'list',
      match: 'all',
      searchable: false,
      help: null,
      collapsed: true,
      truncated: false,
      range: null,
      values: [],
    });
    expect(weight).toEqual({
      key: 'weight',
      label: 'Weight',
      type: 'range',
      match: 'any',
      searchable: false,
      help: null,
      collapsed: false,
      truncated: false,
      values: [],
      range: { unit: 'kg', step: 0.5, min: '0.5', max: '4' },
    });
    expect(organic).toEqual({
      key: 'organic',
      label: 'Organic',
      type: 'toggle',
      match: 'any',
      searchable: false,
      help: null,
      collapsed: false,
      truncated: false,
      range: null,
      values: [{ value: 'true', label: 'Organic', count: 0, selected: false, help: null }],
    });
    expect(priceFacet).toEqual({
      key: 'price',
      label: 'Price',
      type: 'range',
      match: 'any',
      searchable: false,
      help: null,
      collapsed: false,
      truncated: false,
      values: [],
      range: { unit: null, step: 1, min: '10.00', max: '250.00' },
    });
    expect(inStock).toEqual({
      key: 'in-stock',
      label: 'In stock',
      type: 'toggle',
      match: 'any',
      searchable: false,
      help: null,
      collapsed: false,
      truncated: false,
      range: null,
      values: [{ value: 'true', label: 'In stock', count: 2, selected: true, help: null }],
    });
  });

  it('labels facets and help in the request language, falling back to English', () => {
    const facets = facetsOf(respond({}, 'sv'));
    expect(facets.map((f) => f.label)).toEqual([
      'Kategori',
      'Märke',
      'Färg',
      'Features',
      'Fit',
      'Weight',
      'Organic',
      'Pris',
      'I lager',
    ]);
    expect(facets.find((f) => f.key === 'colour')?.help).toBeNull();
    expect(facets.find((f) => f.key === 'in-stock')?.values[0]?.label).toBe('I lager');
  });

  it('labels applied filters from the facet values, else by the value itself', () => {
    expect(
      respond({
        brand: ['acme', 'nobody'],
        category: ['1'],
        price: ['10-50'],
        'in-stock': ['true'],
        fit: ['slim', 'loose'],
      }).appliedFilters,
    ).toEqual([
      { facet: 'brand', value: 'acme', label: 'Acme' },
      { facet: 'brand', value: 'nobody', label: 'nobody' },
      { facet: 'category', value: '1', label: 'Clothing' },
      { facet: 'price', value: '10-50', label: '10-50' },
      { facet: 'in-stock', value: 'true', label: 'In stock' },
      { facet: 'fit', value: 'slim', label: 'Slim' },
    ]);
  });

  it.each([
    ['en', ['Relevance', 'Price, low to high', 'Price, high to low', 'Name, A to Z', 'Newest']],
    ['sv', ['Relevans', 'Pris, lägst först', 'Pris, högst först', 'Namn, A till Ö', 'Nyast']],
    ['de-AT', ['Relevanz', 'Preis aufsteigend', 'Preis absteigend', 'Name, A bis Z', 'Neueste']],
    ['fi', ['Relevance', 'Price, low to high', 'Price, high to low', 'Name, A to Z', 'Newest']],
  ])('labels the sorts in %p', (language, labels) => {
    const plan = planListing(params({}, { sort: 'newest' }), site, m1, language);
    const res = listingResponse({
      plan,
      result: RESULT,
      catalogue: site,
      language,
      facets: panelOf(plan, RESULT, language),
      items: new RenderedItems().page(site, m1, language),
      redirect: null,
      queryCorrection: null,
    });
    expect(res.sort).toEqual({
      selected: 'newest',
      available: ['relevance', 'price_asc', 'price_desc', 'name_asc', 'newest'].map((key, i) => ({
        key,
        label: labels[i],
      })),
    });
  });

  it('carries the plan warnings, then the extra ones, and passes redirect and correction through', () => {
    const plan = planListing(params({ nope: ['1'] }, { sort: 'x' }), site, m1, 'en');
    const redirect = { type: 'url', url: 'https://x.example/', collection: null };
    const res = listingResponse({
      plan,
      result: { total: 0, hits: [], facets: [] },
      catalogue: site,
      language: 'en',
      facets: panelOf(plan, { total: 0, hits: [], facets: [] }, 'en'),
      items: new RenderedItems().page(site, m1, 'en'),
      redirect,
      queryCorrection: { q: 'a' },
      warnings: [{ code: 'EXTRA' }],
    });
    expect(res.warnings.map((w) => w.code)).toEqual(['SORT_UNKNOWN', 'FILTER_IGNORED', 'EXTRA']);
    expect([res.redirect, res.queryCorrection, res.total, itemsOf(res)]).toEqual([redirect, { q: 'a' }, 0, []]);
    expect(facetsOf(res).find((f) => f.key === 'brand')).toMatchObject({ values: [], truncated: false });
  });

  it('leaves out hits with no price on the market', () => {
    const plan = planListing(params({}), site, m1, 'en');
    const other = { ...CARD, id: '43', price: { m2: price('1.00', 'SEK') } };
    const res = listingResponse({
      plan,
      result: {
        ...RESULT,
        hits: [
          { id: '43', score: 0, card: other },
          { id: '42', score: 0, card: CARD },
        ],
      },
      catalogue: site,
      language: 'en',
      facets: panelOf(plan, RESULT, 'en'),
      items: new RenderedItems().page(site, m1, 'en'),
      redirect: null,
      queryCorrection: null,
    });
    expect(itemsOf(res).map((c: { id: string }) => c.id)).toEqual(['42']);
  });
});

/** The redirect of a listing for `q`, as run-listing makes it. */
const redirectOf = (q: string, on: typeof site, market: typeof m1, language: string) =>
  redirectFor(planListing(params({}, { q }), on, market, language).redirect, on, market, language);

describe('redirectFor', () => {
  it('answers a URL rule whatever the case and spacing of the query', () => {
    const url = { type: 'url', url: 'https://m1.shop.example/gift-cards', collection: null };
    expect(redirectOf('Gift Card', site, m1, 'en')).toEqual(url);
    expect(redirectOf('  gift   CARD ', site, m1, 'en')).toEqual(url);
    expect(redirectOf('ｇｉｆｔ card', site, m1, 'en')).toEqual(url);
  });

  it('answers a collection rule with the collection URL, slug and name in the language', () => {
    expect(redirectOf('shoes', site, m1, 'en')).toEqual({
      type: 'collection',
      url: 'https://m1.shop.example/k/women/shoes',
      collection: { id: '11', slug: 'shoes', name: 'Shoes' },
    });
    expect(redirectOf('SHOES', site, m2, 'sv')).toEqual({
      type: 'collection',
      url: 'https://shop.example/sv/k/dam/skor',
      collection: { id: '11', slug: 'skor', name: 'Skor' },
    });
  });

  it('is null without a rule, for an empty query, and for a rule whose collection is gone', () => {
    expect(redirectOf('gift', site, m1, 'en')).toBeNull();
    expect(redirectOf('gift cards', site, m1, 'en')).toBeNull();
    expect(redirectOf('', site, m1, 'en')).toBeNull();
    expect(redirectOf('gone', site, m1, 'en')).toBeNull();
  });

  it('matches composed and decomposed accents as one', () => {
    const accented = catalogue({
      queryRules: [{ id: 1, query: 'Crème', target: { kind: 'url', url: 'https://y.example/' } }],
    });
    expect(redirectOf('cre\u0300me', accented, m1, 'en')?.url).toBe('https://y.example/');
  });

  // SiteCatalogue.rule promises a match "case, accents and spacing aside", but NFKC keeps accents: "café" does not
  // find the rule "cafe". Reported to the lead (either the folding or the comment changes); flips once folded.
  it('matches a query that differs from the rule only by accents', () => {
    const plain = catalogue({
      queryRules: [{ id: 1, query: 'cafe', target: { kind: 'url', url: 'https://x.example/' } }],
    });
    expect(redirectOf('café', plain, m1, 'en')?.url).toBe('https://x.example/');
  });
});
