import { AppError } from '../../../../shared/errors';
import {
  collectionScope,
  facetRequests,
  planListing,
  readPaging,
  type ListingParams,
} from '../../../../services/storefront-api/listing/listing-plan';
import { catalogue, siteConfig } from '../../../support/site-catalogue-fixture';

const site = catalogue();
const [m1, m2] = site.markets as [(typeof site.markets)[0], (typeof site.markets)[0]];
const params = (extra: Partial<ListingParams> = {}, filters: Record<string, string[]> = {}): ListingParams => ({
  filters: new Map(Object.entries(filters).map(([k, values]) => [k, { values }])),
  ...extra,
});

function pagingError(paging: { page?: string; pageSize?: string }): AppError {
  try {
    readPaging(paging);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error(`no error for ${JSON.stringify(paging)}`);
}

describe('readPaging (rule 2)', () => {
  it.each([
    [{}, 1, 24],
    [{ page: '', pageSize: '' }, 1, 24],
    [{ page: '2' }, 2, 24],
    [{ pageSize: '100' }, 1, 100],
    [{ page: '100', pageSize: '100' }, 100, 100],
    [{ page: '10000', pageSize: '1' }, 10000, 1],
    [{ page: '416' }, 416, 24],
    [{ page: '1', pageSize: '1' }, 1, 1],
    [{ page: '007', pageSize: '010' }, 7, 10],
  ])('reads %j as page %p of %p', (paging, page, pageSize) => {
    expect(readPaging(paging)).toEqual({ page, pageSize });
  });

  it.each([
    [{ page: '101', pageSize: '100' }, 'page times pageSize is at most 10000'],
    [{ page: '417' }, 'page times pageSize is at most 10000'],
    [{ page: '10001', pageSize: '1' }, 'page times pageSize is at most 10000'],
    [{ page: '999999999' }, 'page times pageSize is at most 10000'],
    [{ pageSize: '101' }, 'pageSize is at most 100'],
    [{ pageSize: '999999999' }, 'pageSize is at most 100'],
    [{ page: '0' }, 'page must be a positive integer'],
    [{ page: '000' }, 'page must be a positive integer'],
    [{ page: '-1' }, 'page must be a positive integer'],
    [{ page: 'abc' }, 'page must be a positive integer'],
    [{ page: '1.5' }, 'page must be a positive integer'],
    [{ page: '1e2' }, 'page must be a positive integer'],
    [{ page: ' 2' }, 'page must be a positive integer'],
    [{ page: '+2' }, 'page must be a positive integer'],
    [{ page: '0x10' }, 'page must be a positive integer'],
    [{ page: '１' }, 'page must be a positive integer'],
    [{ page: '1000000000' }, 'page must be a positive integer'],
    [{ page: '99999999999999999999999' }, 'page must be a positive integer'],
    [{ pageSize: '0' }, 'pageSize must be a positive integer'],
    [{ pageSize: '-24' }, 'pageSize must be a positive integer'],
    [{ pageSize: 'all' }, 'pageSize must be a positive integer'],
    [{ page: 'x', pageSize: '0' }, 'page must be a positive integer'],
  ])('refuses %j with INVALID_PAGE', (paging, message) => {
    const err = pagingError(paging);
    expect({ status: err.status, code: err.code, message: err.message }).toEqual({
      status: 400,
      code: 'INVALID_PAGE',
      message,
    });
  });
});

describe('facetRequests', () => {
  it('asks for every facet of the site on the market, with value facets cut to their size', () => {
    expect(facetRequests(site.facets, 'm2')).toEqual([
      { kind: 'hierarchy', key: 'category', size: 50 },
      { kind: 'terms', key: 'brand', size: 20 },
      { kind: 'terms', key: 'colour', size: 20 },
      { kind: 'terms', key: 'features', size: 20 },
      { kind: 'terms', key: 'fit', size: 20 },
      { kind: 'range', key: 'weight' },
      { kind: 'toggle', key: 'organic' },
      { kind: 'range', key: 'price.m2' },
      { kind: 'toggle', key: 'inStock.m2' },
    ]);
  });
});

describe('collectionScope', () => {
  const collection = (id: number) => site.collectionsById.get(id)!;

  it('turns the collection filter into fixed filters on the market', () => {
    expect(collectionScope(collection(11), site, 'm2')).toEqual([
      { kind: 'terms', key: 'brand', values: ['acme', 'zed'], match: 'any' },
      { kind: 'range', key: 'price.m2', min: 10, max: null },
    ]);
    expect(collectionScope(collection(10), site, 'm1')).toEqual([
      { kind: 'hierarchy', key: 'category', paths: ['1/3'], match: 'any' },
    ]);
  });

  it('adds nothing for `all`, and drops what the site cannot filter', () => {
    expect(collectionScope(collection(12), site, 'm1')).toEqual([]);
    expect(collectionScope(collection(13), site, 'm1')).toEqual([{ kind: 'toggle', key: 'inStock.m1' }]);
  });
});

describe('planListing', () => {
  const baseRequest = {
    language: 'en',
    market: 'm1',
    scope: [],
    filters: [],
    facets: facetRequests(site.facets, 'm1'),
    sort: 'relevance',
    page: 1,
    pageSize: 24,
  };

  it('plans the default listing', () => {
    expect(planListing(params(), site, m1, 'en')).toEqual({
      request: baseRequest,
      q: '',
      page: 1,
      pageSize: 24,
      sort: 'relevance',
      collection: null,
      applied: [],
      warnings: [],
      redirect: null,
    });
  });

  it('sends the trimmed query as text', () => {
    const plan = planListing(params({ q: '  red shoe ' }), site, m1, 'en');
    expect(plan.q).toBe('red shoe');
    expect(plan.request).toEqual({ ...baseRequest, text: 'red shoe' });
    expect(planListing(params({ q: '   ' }), site, m1, 'en').request).toEqual(baseRequest);
  });

  it.each([199, 200])('keeps a query of %p characters whole', (length) => {
    const plan = planListing(params({ q: 'q'.repeat(length) }), site, m1, 'en');
    expect(plan.q).toHaveLength(length);
    expect(plan.warnings).toEqual([]);
  });

  it.each([201, 1000])('truncates a query of %p characters to 200 with QUERY_TRUNCATED (rule 1)', (length) => {
    const q = Array.from({ length }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    const plan = planListing(params({ q }), site, m1, 'en');
    expect(plan.q).toBe(q.slice(0, 200));
    expect(plan.request.text).toBe(q.slice(0, 200));
    expect(plan.warnings).toEqual([{ code: 'QUERY_TRUNCATED', detail: 'q is at most 200 characters' }]);
  });

  it.each(['relevance', 'price_asc', 'price_desc', 'name_asc', 'newest'])('sorts by %p (rule 3)', (sort) => {
    const plan = planListing(params({ sort }), site, m1, 'en');
    expect([plan.sort, plan.request.sort, plan.warnings]).toEqual([sort, sort, []]);
  });

  it.each(['cheapest', 'PRICE_ASC', 'price_asc ', 'price'])(
    'falls back to relevance for the unknown sort %p with SORT_UNKNOWN',
    (sort) => {
      const plan = planListing(params({ sort }), site, m1, 'en');
      expect([plan.sort, plan.request.sort]).toEqual(['relevance', 'relevance']);
      expect(plan.warnings).toEqual([
        {
          code: 'SORT_UNKNOWN',
          value: sort,
          detail: 'sort is one of relevance, price_asc, price_desc, name_asc, newest',
        },
      ]);
    },
  );

  it('reads an empty sort as the default without a warning', () => {
    expect(planListing(params({ sort: '' }), site, m1, 'en').warnings).toEqual([]);
  });

  it.each([
    ['shoes', 'en', 11],
    ['skor', 'sv', 11],
    ['skor', 'en', 11],
    ['women', 'sv', 10],
    ['12', 'en', 12],
    ['everything', 'sv', 12],
    ['Shoes', 'en', 11],
    ['SKOR', 'sv', 11],
  ])('scopes to collection %p in %p (rule 4)', (ref, language, id) => {
    const plan = planListing(params({ collection: ref }), site, language === 'sv' ? m2 : m1, language);
    expect(plan.collection?.id).toBe(id);
    expect(plan.warnings).toEqual([]);
    expect(plan.request.scope).toEqual(
      collectionScope(site.collectionsById.get(id)!, site, language === 'sv' ? 'm2' : 'm1'),
    );
  });

  it.each(['nope', '99', 'shoe', 'shoes-2'])('ignores the unknown collection %p with COLLECTION_UNKNOWN', (ref) => {
    const plan = planListing(params({ collection: ref }), site, m1, 'en');
    expect(plan.collection).toBeNull();
    expect(plan.request.scope).toEqual([]);
    expect(plan.warnings).toEqual([{ code: 'COLLECTION_UNKNOWN', value: ref }]);
  });

  it('prefers the slug in the request language over another language and over an id', () => {
    const tricky = catalogue({
      collections: [
        { id: 5, slugs: { en: 'x', sv: '7' }, names: { en: 'X' }, filter: { all: [] } },
        { id: 7, slugs: { en: '7' }, names: { en: 'Seven' }, filter: { all: [] } },
      ],
      queryRules: [],
    });
    expect(planListing(params({ collection: '7' }), tricky, m1, 'en').collection?.id).toBe(7);
    expect(planListing(params({ collection: '7' }), tricky, m2, 'sv').collection?.id).toBe(5);
  });

  it('fixes the scope of a collection page, whatever the collection parameter says', () => {
    const scope = site.collectionsById.get(10)!;
    const plan = planListing(params({ collection: 'nope' }), site, m1, 'en', scope);
    expect(plan.collection).toBe(scope);
    expect(plan.warnings).toEqual([]);
    expect(plan.request.scope).toEqual([{ kind: 'hierarchy', key: 'category', paths: ['1/3'], match: 'any' }]);
  });

  it('applies filters and collects every warning in order', () => {
    const plan = planListing(
      params(
        { q: 'x'.repeat(201), sort: 'bad', collection: 'nope', page: '2', pageSize: '10' },
        { brand: ['acme'], bogus: ['1'], price: ['9-1'] },
      ),
      site,
      m2,
      'sv',
    );
    expect(plan.request).toEqual({
      text: 'x'.repeat(200),
      language: 'sv',
      market: 'm2',
      scope: [],
      filters: [{ kind: 'terms', key: 'brand', values: ['acme'], match: 'any' }],
      facets: facetRequests(site.facets, 'm2'),
      sort: 'relevance',
      page: 2,
      pageSize: 10,
    });
    expect(plan.applied).toEqual([{ facet: 'brand', value: 'acme' }]);
    expect(plan.warnings.map((w) => w.code)).toEqual([
      'QUERY_TRUNCATED',
      'SORT_UNKNOWN',
      'COLLECTION_UNKNOWN',
      'FILTER_IGNORED',
      'RANGE_INVERTED',
    ]);
  });

  it('refuses bad paging before anything else', () => {
    expect(() => planListing(params({ pageSize: '101', sort: 'bad' }), site, m1, 'en')).toThrow(
      expect.objectContaining({ code: 'INVALID_PAGE', status: 400 }),
    );
  });

  it('plans a zero-config site with its derived facets', () => {
    const zero = catalogue({ facets: [], collections: [], queryRules: [] });
    expect(planListing(params(), zero, m1, 'en').request.facets).toEqual([
      { kind: 'terms', key: 'brand', size: 20 },
      { kind: 'terms', key: 'colour', size: 20 },
      { kind: 'terms', key: 'size', size: 20 },
      { kind: 'terms', key: 'material', size: 20 },
      { kind: 'hierarchy', key: 'clothing', size: 20 },
      { kind: 'hierarchy', key: 'home-garden', size: 20 },
      { kind: 'range', key: 'price.m1' },
      { kind: 'toggle', key: 'inStock.m1' },
    ]);
    expect(siteConfig({ facets: [] }).facets).toEqual([]);
  });
});

// Rule 1 counts characters, as the suggest rule does (requiredQuery counts code points); planListing counts
// UTF-16 code units, so astral characters (emoji, some CJK) count twice and a cut can split a surrogate pair.
// Reported to the lead; these flip to passing once the truncation counts code points.
describe('planListing: q length in characters (known bug)', () => {
  it('keeps a query of 150 emoji (150 characters) whole', () => {
    const plan = planListing(params({ q: '😀'.repeat(150) }), site, m1, 'en');
    expect([plan.q, plan.warnings]).toEqual(['😀'.repeat(150), []]);
  });

  it('never cuts a character in half', () => {
    const plan = planListing(params({ q: `${'a'.repeat(199)}😀😀` }), site, m1, 'en');
    expect(plan.q).toBe(`${'a'.repeat(199)}😀`);
  });
});
