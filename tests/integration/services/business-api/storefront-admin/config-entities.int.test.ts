import { saveSite } from '../../../../../shared/storefront-config/drafts';
import { SEED_TIMEOUT_MS } from '../../../../support/business-data';
import {
  brokenFields,
  marketBodyOn,
  startAdminWorld,
  type AdminWorld,
} from '../../../../support/storefront-admin-fixture';

// The storefront admin API's draft entities: markets, facets, collections, query rules and synonyms. A round trip
// through REST, what each answers, every broken field named (by the body's JSON path, the path parameter's name, or
// the draft path of another entity a change would break), and 404 for entities the draft does not have.

type Method = 'get' | 'post' | 'put' | 'delete';

const COLLECTION = { slugs: { en: 'shoes' }, names: { en: 'Shoes' }, filter: { brand: ['acme'] } };
const BRAND_FACET = { source: { kind: 'brand' }, type: 'list' };

describe('storefront admin API: markets, facets, collections, query rules, synonyms', () => {
  let w: AdminWorld;
  let site: string;
  const call = (method: Method, path: string, body?: unknown) =>
    w.h.call(method, `${site}${path}`, { token: w.tokens.owner, body });
  const market = (over: Record<string, unknown> = {}) => ({ ...marketBodyOn(w.priceList), ...over });

  beforeAll(async () => {
    w = await startAdminWorld('admin-entities');
    const created = await w.h.call('post', '/storefront/sites', {
      token: w.tokens.owner,
      body: { code: 'shop', name: 'Shop', ecomSiteId: 1 },
    });
    site = `/storefront/sites/${created.body.siteId}`;
  }, SEED_TIMEOUT_MS);
  afterAll(() => w.h.close());

  it('round trip: a market, facets, a collection, a rule and synonyms saved through REST are in the draft', async () => {
    const se = await call('put', '/markets/se', market({ code: 'ignored', tenantId: w.tenantB }));
    expect([se.status, se.body]).toEqual([
      200,
      { code: 'se', ...market(), isDefault: true, brandUrlPattern: null, active: true },
    ]);
    const brand = await call('put', '/facets/brand', { ...BRAND_FACET, label: { en: 'Brand' } });
    expect([brand.status, brand.body.key, brand.body.definition]).toEqual([
      200,
      'brand',
      expect.objectContaining({ type: 'list', match: 'any', size: 20, label: { en: 'Brand' } }),
    ]);
    await call('put', '/facets/colour', { source: { kind: 'option', option: 'Colour' }, type: 'swatch' });
    const collection = await call('post', '/collections', { ...COLLECTION, id: 77 });
    expect([collection.status, collection.body]).toEqual([201, { collectionId: 1 }]);
    const rule = await call('post', '/query-rules', {
      query: 'Sneakers',
      pin: [{ productId: 12, position: 1 }],
      target: null,
    });
    expect([rule.status, rule.body]).toEqual([201, { ruleId: 1 }]);
    const synonyms = await call('put', '/synonyms/en', {
      entries: [{ terms: ['sneaker ', 'trainer'] }, { from: 'laptop', to: ['notebook'] }],
    });
    const entries = [{ terms: ['sneaker', 'trainer'] }, { from: 'laptop', to: ['notebook'] }];
    expect([synonyms.status, synonyms.body]).toEqual([200, { language: 'en', entries }]);

    const { draft } = (await w.h.call('get', site, { token: w.tokens.readOnly })).body;
    expect(draft.markets).toEqual([se.body]);
    expect(draft.facets.map((f: { key: string }) => f.key)).toEqual(['brand', 'colour']);
    expect(draft.collections).toEqual([{ id: 1, ...COLLECTION, parentId: null, position: 0, pin: [], hide: [] }]);
    expect(draft.queryRules).toEqual([
      {
        id: 1,
        query: 'Sneakers',
        match: 'exact',
        markets: [],
        activeFrom: null,
        activeUntil: null,
        target: null,
        pin: [{ productId: '12', position: 1 }],
        hide: [],
        boost: null,
        bury: null,
        filter: null,
      },
    ]);
    expect(draft.synonyms).toEqual({ en: entries });
    expect((await call('get', '/synonyms/en')).body).toEqual({ language: 'en', entries });
    expect((await call('get', '/synonyms/sv')).body).toEqual({ language: 'sv', entries: [] });
  });

  it('a second default market demotes the first; the first market of a site is the default', async () => {
    expect(
      (
        await call(
          'put',
          '/markets/no',
          market({ isDefault: true, country: 'NO', urlTemplate: 'https://no.example/{path}' }),
        )
      ).body.isDefault,
    ).toBe(true);
    const { draft } = (await w.h.call('get', site, { token: w.tokens.owner })).body;
    expect(draft.markets.map((m: { code: string; isDefault: boolean }) => [m.code, m.isDefault])).toEqual([
      ['se', false],
      ['no', true],
    ]);
  });

  it.each<[string, string, unknown, string[]]>([
    [
      'fields of the wrong shape (binding)',
      '/markets/dk',
      { language: 'English', currency: 'eur', country: 5, priceListId: -1 },
      ['$.country', '$.currency', '$.language', '$.priceListId', '$.urlTemplate'],
    ],
    ['a code that is no market code', '/markets/DK', marketBodyOn({ id: 1, currency: 'SEK' }), ['code']],
    ['a price list the tenant does not have', '/markets/dk', { priceListId: 999_999 }, ['$.priceListId']],
    ["a currency other than the price list's", '/markets/dk', { currency: 'JPY' }, ['$.currency']],
    ['a reserved facet key', '/facets/price', BRAND_FACET, ['key']],
    [
      'a facet type its source cannot feed, and range settings on a list',
      '/facets/maker',
      { ...BRAND_FACET, type: 'range', searchable: true },
      ['$.searchable', '$.type'],
    ],
    [
      'a facet source of an unknown kind',
      '/facets/maker',
      { source: { kind: 'colour' }, type: 'list' },
      ['$.source.kind'],
    ],
  ])('PUT names %s', async (_name, path, body, fields) => {
    const full =
      path.startsWith('/markets/') && !('language' in (body as object))
        ? market(body as Record<string, unknown>)
        : body;
    expect(brokenFields(await call('put', path, full))).toEqual(fields);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    [
      'a filter key that is not a facet, and a parent that does not exist',
      { ...COLLECTION, slugs: { en: 'boots' }, filter: { size: ['42'] }, parentId: 99 },
      ['$.filter.size', '$.parentId'],
    ],
    [
      'a bad slug language (a field rule, checked first)',
      { ...COLLECTION, names: {}, slugs: { English: 'x' } },
      ['$.slugs.English'],
    ],
    [
      'no name (a rule of the whole collection, checked after the field rules)',
      { ...COLLECTION, slugs: { en: 'boots' }, names: {} },
      ['$.names'],
    ],
    [
      'a slug collection 1 has in that language, in another case',
      { ...COLLECTION, slugs: { en: 'SHOES' } },
      ['$.slugs.en'],
    ],
  ])('POST /collections names %s', async (_name, body, fields) => {
    expect(brokenFields(await call('post', '/collections', body))).toEqual(fields);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['a rule that does nothing', { query: 'idle' }, ['$.query']],
    [
      'a redirect to a collection that does not exist, a market the site lacks, a bad instant',
      { query: 'go', target: { kind: 'collection', collectionId: 99 }, markets: ['fi'], activeFrom: 'tomorrow' },
      ['$.activeFrom'],
    ],
    [
      'a redirect to a collection that does not exist and a market the site lacks',
      { query: 'go', target: { kind: 'collection', collectionId: 99 }, markets: ['fi'] },
      ['$.markets[0]', '$.target.collectionId'],
    ],
  ])('POST /query-rules names %s', async (_name, body, fields) => {
    expect(brokenFields(await call('post', '/query-rules', body))).toEqual(fields);
  });

  it('refuses a second rule that would redirect the same searches, naming $.query', async () => {
    const redirect = { query: 'sale', target: { kind: 'url', url: 'https://shop.example/sale' } };
    expect((await call('post', '/query-rules', redirect)).body).toEqual({ ruleId: 2 });
    expect(brokenFields(await call('post', '/query-rules', { ...redirect, query: 'SALE' }))).toEqual(['$.query']);
    expect((await call('delete', '/query-rules/2')).status).toBe(204);
  });

  it('PUT /synonyms names each entry breaking a field rule, then terms repeated within an entry, and a language that is no language code', async () => {
    const res = await call('put', '/synonyms/en', {
      entries: [{ terms: ['one'] }, { from: 'a', to: [] }, { terms: ['x', 'x'] }, 'text'],
    });
    expect(brokenFields(res)).toEqual(['$.entries[0].terms', '$.entries[1].to', '$.entries[3]']);
    expect(brokenFields(await call('put', '/synonyms/en', { entries: [{ terms: ['same', 'Same'] }] }))).toEqual([
      '$.entries[0].terms[1]',
    ]);
    expect(brokenFields(await call('put', '/synonyms/English', { entries: [] }))).toEqual(['language']);
  });

  it('replaces a collection and a rule by id with PUT (the path id wins over the body) and answers 404 for ids the draft lacks', async () => {
    const collection = await call('put', '/collections/1', { ...COLLECTION, id: 5, position: 3 });
    expect([collection.status, collection.body]).toEqual([
      200,
      { id: 1, ...COLLECTION, parentId: null, position: 3, pin: [], hide: [] },
    ]);
    const rule = await call('put', '/query-rules/1', { query: 'sneakers', hide: [7], id: 9 });
    expect([rule.status, rule.body.id, rule.body.hide, rule.body.pin]).toEqual([200, 1, ['7'], []]);
    for (const path of ['/collections/42', '/query-rules/42']) {
      const res = await call('put', path, path.startsWith('/collections') ? COLLECTION : { query: 'new', hide: ['1'] });
      expect([res.status, res.body.code]).toEqual([404, 'not_found']);
    }
    const { draft } = (await w.h.call('get', site, { token: w.tokens.owner })).body;
    expect([draft.collections.length, draft.queryRules.length]).toEqual([1, 1]);
  });

  it('refuses a removal that would break another entity, naming the fields it would break by their draft path', async () => {
    const res = await call('delete', '/facets/brand');
    expect(brokenFields(res)).toEqual(['collections[0].filter.brand']);
    expect((await call('get', '/synonyms/en')).status).toBe(200);
  });

  it('removes each entity with DELETE (204), then answers 404 not_found for it', async () => {
    await call('put', '/synonyms/en', { entries: [] });
    expect((await call('get', '/synonyms/en')).body.entries).toEqual([]);
    for (const path of ['/query-rules/1', '/collections/1', '/facets/brand', '/markets/se']) {
      const removed = await call('delete', path);
      expect([path, removed.status, removed.text]).toEqual([path, 204, '']);
      const again = await call('delete', path);
      expect([path, again.status, again.body.code]).toEqual([path, 404, 'not_found']);
    }
    const { draft } = (await w.h.call('get', site, { token: w.tokens.owner })).body;
    expect([
      draft.markets.map((m: { code: string }) => m.code),
      draft.facets.map((f: { key: string }) => f.key),
      draft.collections,
      draft.queryRules,
      draft.synonyms,
    ]).toEqual([['no'], ['colour'], [], [], {}]);
  });

  it("answers 404 for an entity route on another tenant's site, and a site of the tenant leaves the other's draft alone", async () => {
    const other = await saveSite(w.h.t.db, w.tenantB, { code: 'other', name: 'Other', ecomSiteId: 1 });
    const res = await w.h.call('put', `/storefront/sites/${other}/markets/se`, {
      token: w.tokens.owner,
      body: market(),
    });
    expect([res.status, res.body.code]).toEqual([404, 'not_found']);
    const theirs = await w.h.call('get', `/storefront/sites/${other}`, { token: w.tokens.otherTenant });
    expect(theirs.body.draft.markets).toEqual([]);
  });
});
