import { diffConfigs, type ConfigChange } from '../../../../shared/storefront-config/diff';
import {
  queryRuleSchema,
  siteConfigSchema,
  type Collection,
  type Facet,
  type Market,
  type SiteConfig,
} from '../../../../shared/storefront-config/schemas';

const PUBLISHED: SiteConfig = siteConfigSchema.parse({
  site: { code: 'main', name: 'Main shop', ecomSiteId: 1, devOrigins: ['http://localhost:3000'] },
  markets: [
    {
      code: 'se',
      language: 'sv',
      currency: 'SEK',
      country: 'SE',
      urlTemplate: 'https://shop.example/{path}',
      priceListId: 1,
      isDefault: true,
    },
    {
      code: 'eu',
      language: 'en',
      currency: 'EUR',
      country: 'DE',
      urlTemplate: 'https://shop.example/en/{path}',
      priceListId: 2,
    },
  ],
  facets: [
    { key: 'brand', definition: { source: { kind: 'brand' }, type: 'list' } },
    {
      key: 'colour',
      definition: { source: { kind: 'option', option: 'colour' }, type: 'swatch', label: { en: 'Colour' } },
    },
  ],
  collections: [
    { id: 1, slugs: { en: 'all' }, names: { en: 'All' }, filter: { all: [] } },
    { id: 2, slugs: { en: 'jackets' }, names: { en: 'Jackets' }, filter: { brand: ['nordcraft'] }, parentId: 1 },
  ],
  queryRules: [{ id: 5, query: 'coats', target: { kind: 'collection', collectionId: 2 } }],
});

// A copy made in the test's own realm: structuredClone under jest builds objects of the outer realm, whose
// prototypes isDeepStrictEqual (used by diffConfigs) rightly tells apart from this realm's.
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function draftWith(change: (draft: SiteConfig) => void): SiteConfig {
  const draft = clone(PUBLISHED);
  change(draft);
  return draft;
}

const paths = (changes: ConfigChange[]) => changes.map((c) => `${c.op} ${c.path}`);

describe('diffConfigs', () => {
  it('finds no change between a config and an equal copy', () => {
    expect(diffConfigs(PUBLISHED, clone(PUBLISHED))).toEqual([]);
  });

  it('finds no change when only the order of markets, facets, collections or rules differs', () => {
    const draft = draftWith((d) => {
      d.markets.reverse();
      d.facets.reverse();
      d.collections.reverse();
    });
    expect(diffConfigs(PUBLISHED, draft)).toEqual([]);
  });

  it('on a first publish adds every site field and every entity, keyed by code, key or id', () => {
    const changes = diffConfigs(null, PUBLISHED);
    expect(paths(changes)).toEqual([
      'add site.code',
      'add site.name',
      'add site.ecomSiteId',
      'add site.active',
      'add site.devOrigins',
      'add site.assortment',
      'add site.urlPatterns',
      'add markets.se',
      'add markets.eu',
      'add facets.brand',
      'add facets.colour',
      'add collections.1',
      'add collections.2',
      'add queryRules.5',
    ]);
    expect(changes).toContainEqual({ op: 'add', path: 'site.code', after: 'main' });
    expect(changes).toContainEqual({ op: 'add', path: 'markets.eu', after: PUBLISHED.markets[1] });
    expect(changes).toContainEqual({ op: 'add', path: 'collections.2', after: PUBLISHED.collections[1] });
  });

  it('reports a changed site field with its old and new value', () => {
    expect(
      diffConfigs(
        PUBLISHED,
        draftWith((d) => (d.site.name = 'Main store')),
      ),
    ).toEqual([{ op: 'change', path: 'site.name', before: 'Main shop', after: 'Main store' }]);
  });

  it('reports a nested change at the field that holds it, with the whole old and new value', () => {
    const draft = draftWith((d) => (d.site.assortment.excludeInactive = false));
    expect(diffConfigs(PUBLISHED, draft)).toEqual([
      {
        op: 'change',
        path: 'site.assortment',
        before: { categoryRootIds: [], excludeInactive: true },
        after: { categoryRootIds: [], excludeInactive: false },
      },
    ]);
    const facetDraft = draftWith((d) => ((d.facets[1] as Facet).definition.label = { en: 'Color' }));
    const [change] = diffConfigs(PUBLISHED, facetDraft);
    expect(change).toMatchObject({ op: 'change', path: 'facets.colour.definition' });
    expect(change).toHaveProperty('after.label', { en: 'Color' });
    expect(change).toHaveProperty('before.label', { en: 'Colour' });
  });

  it('reports field changes of a market by its code, one change per field', () => {
    const draft = draftWith((d) => {
      const eu = d.markets[1] as Market;
      eu.language = 'de';
      eu.brandUrlPattern = '/marken/{slug}';
    });
    expect(diffConfigs(PUBLISHED, draft)).toEqual([
      { op: 'change', path: 'markets.eu.language', before: 'en', after: 'de' },
      { op: 'change', path: 'markets.eu.brandUrlPattern', before: null, after: '/marken/{slug}' },
    ]);
  });

  it('reports a changed collection field by the collection id and a changed rule by the rule id', () => {
    const draft = draftWith((d) => {
      (d.collections[1] as Collection).filter = { brand: ['nordcraft', 'fjellrev'] };
      d.queryRules[0] = queryRuleSchema.parse({
        id: 5,
        query: 'coats',
        target: { kind: 'url', url: 'https://shop.example/coats' },
      });
    });
    expect(diffConfigs(PUBLISHED, draft)).toEqual([
      {
        op: 'change',
        path: 'collections.2.filter',
        before: { brand: ['nordcraft'] },
        after: { brand: ['nordcraft', 'fjellrev'] },
      },
      {
        op: 'change',
        path: 'queryRules.5.target',
        before: { kind: 'collection', collectionId: 2 },
        after: { kind: 'url', url: 'https://shop.example/coats' },
      },
    ]);
  });

  it('reports added and removed markets', () => {
    const no = {
      code: 'no',
      language: 'nb',
      currency: 'NOK',
      country: 'NO',
      urlTemplate: 'https://shop.example/no/{path}',
      priceListId: 3,
      isDefault: false,
      brandUrlPattern: null,
      active: true,
    };
    const draft = draftWith((d) => {
      d.markets = [d.markets[0] as Market, no];
    });
    expect(diffConfigs(PUBLISHED, draft)).toEqual([
      { op: 'add', path: 'markets.no', after: no },
      { op: 'remove', path: 'markets.eu', before: PUBLISHED.markets[1] },
    ]);
  });

  it('reports added and removed facets', () => {
    const size: Facet = {
      key: 'size',
      definition: { ...(PUBLISHED.facets[0] as Facet).definition, source: { kind: 'option', option: 'size' } },
    };
    const draft = draftWith((d) => {
      d.facets = [size, d.facets[1] as Facet];
    });
    expect(diffConfigs(PUBLISHED, draft)).toEqual([
      { op: 'add', path: 'facets.size', after: size },
      { op: 'remove', path: 'facets.brand', before: PUBLISHED.facets[0] },
    ]);
  });

  it('reports added and removed collections and rules by id', () => {
    const sale: Collection = {
      id: 3,
      slugs: { en: 'sale' },
      names: { en: 'Sale' },
      filter: { price: ['-50'] },
      parentId: null,
      position: 2,
      pin: [],
      hide: [],
    };
    const draft = draftWith((d) => {
      d.collections.push(sale);
      d.queryRules = [];
    });
    expect(diffConfigs(PUBLISHED, draft)).toEqual([
      { op: 'add', path: 'collections.3', after: sale },
      { op: 'remove', path: 'queryRules.5', before: PUBLISHED.queryRules[0] },
    ]);
  });

  it('reports a market whose code changed as one removed and one added', () => {
    const draft = draftWith((d) => ((d.markets[1] as Market).code = 'de'));
    expect(paths(diffConfigs(PUBLISHED, draft))).toEqual(['add markets.de', 'remove markets.eu']);
  });

  it('reports a field a draft entity no longer has as removed, and a new one as added', () => {
    const draft = draftWith((d) => {
      const rule = d.queryRules[0] as unknown as Record<string, unknown>;
      delete rule.query;
      rule.note = 'x';
    });
    expect(diffConfigs(PUBLISHED, draft)).toEqual([
      { op: 'remove', path: 'queryRules.5.query', before: 'coats' },
      { op: 'add', path: 'queryRules.5.note', after: 'x' },
    ]);
  });

  it('reports the content block field by field, from zero-config on a first publish', () => {
    const attributes = [{ key: 'fabric', attribute: 'material', label: { en: 'Fabric' }, type: null }];
    const draft = draftWith((d) => {
      d.content.shortDescription = { attribute: 'teaser' };
      d.content.attributes = attributes;
    });
    expect(diffConfigs(PUBLISHED, draft)).toEqual([
      {
        op: 'change',
        path: 'content.shortDescription',
        before: { property: 'shortDescription' },
        after: { attribute: 'teaser' },
      },
      { op: 'change', path: 'content.attributes', before: null, after: attributes },
    ]);
    expect(paths(diffConfigs(null, draft)).filter((p) => p.includes('content'))).toEqual([
      'change content.shortDescription',
      'change content.attributes',
    ]);
  });
});
