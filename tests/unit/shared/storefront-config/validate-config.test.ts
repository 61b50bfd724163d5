import type { z } from 'zod';
import { ConfigValidationError } from '../../../../shared/storefront-config/errors';
import {
  collectionSchema,
  facetSchema,
  facetDefinitionSchema,
  marketSchema,
  siteConfigSchema,
  siteSchema,
  type Collection,
  type Facet,
  type FacetDefinition,
  type Market,
  queryRuleSchema,
  type QueryRule,
  type SiteConfig,
} from '../../../../shared/storefront-config/schemas';
import {
  validateSiteConfig,
  type ConfigIssue,
  type TenantConfigFacts,
} from '../../../../shared/storefront-config/validate-config';

// The tenant behind every config below: two price lists, a small category tree, one other site.
const FACTS: TenantConfigFacts = {
  priceLists: new Map([
    [1, 'SEK'],
    [2, 'EUR'],
  ]),
  categoryIds: new Set([1, 2, 3, 10]),
  otherSiteCodes: new Set(['outlet']),
};

function market(code: string, extra: Partial<z.input<typeof marketSchema>> = {}): Market {
  return marketSchema.parse({
    code,
    language: 'sv',
    currency: 'SEK',
    country: 'SE',
    urlTemplate: 'https://shop.example/{path}',
    priceListId: 1,
    ...extra,
  });
}

function facet(key: string, definition: z.input<typeof facetDefinitionSchema>): Facet {
  return { key, definition: facetDefinitionSchema.parse(definition) };
}

function collection(id: number, extra: Partial<z.input<typeof collectionSchema>> = {}): Collection {
  return collectionSchema.parse({
    id,
    slugs: { en: `c-${id}` },
    names: { en: `C ${id}` },
    filter: { all: [] },
    ...extra,
  });
}

/** A config that breaks no rule; each test changes one thing. */
function validConfig(): SiteConfig {
  return siteConfigSchema.parse({
    site: { code: 'main-shop', name: 'Main shop', ecomSiteId: 1, assortment: { categoryRootIds: [1] } },
    markets: [
      market('se', { isDefault: true }),
      market('eu', {
        language: 'en',
        currency: 'EUR',
        country: 'DE',
        priceListId: 2,
        urlTemplate: 'https://shop.example/en/{path}',
      }),
    ],
    facets: [
      facet('brand', { source: { kind: 'brand' }, type: 'list', searchable: true }),
      facet('colour', {
        source: { kind: 'option', option: 'colour' },
        type: 'swatch',
        match: 'all',
        swatches: { black: { color: '#000' } },
      }),
      facet('weight', {
        source: { kind: 'attribute', attribute: 'weight' },
        type: 'range',
        range: { unit: 'kg', step: 0.5 },
      }),
      facet('organic', { source: { kind: 'attribute', attribute: 'organic' }, type: 'toggle' }),
      facet('category', { source: { kind: 'category', rootId: 1 }, type: 'hierarchy' }),
      facet('all-categories', { source: { kind: 'category', rootId: null }, type: 'list' }),
    ],
    collections: [
      collection(1, { filter: { all: [] } }),
      collection(2, { parentId: 1, filter: { brand: ['nordcraft'], price: ['-50'], 'in-stock': ['true'] } }),
      collection(3, { parentId: 2, filter: { colour: ['black', 'white'] } }),
    ],
    queryRules: [
      { id: 1, query: 'jackets', target: { kind: 'collection', collectionId: 2 } },
      { id: 2, query: 'returns', target: { kind: 'url', url: 'https://shop.example/returns' } },
    ],
  });
}

/** The config with one change applied to a deep copy. */
function withChange(change: (config: SiteConfig) => void): SiteConfig {
  const config = structuredClone(validConfig());
  change(config);
  return config;
}

const issuesOf = (config: SiteConfig, facts: TenantConfigFacts = FACTS): ConfigIssue[] =>
  validateSiteConfig(config, facts);

/** The single issue of a config that breaks exactly one rule. */
function onlyIssue(config: SiteConfig, facts: TenantConfigFacts = FACTS): ConfigIssue {
  const issues = issuesOf(config, facts);
  expect(issues).toHaveLength(1);
  return issues[0] as ConfigIssue;
}

/** Replaces facet `i`'s definition fields. */
function setFacet(config: SiteConfig, i: number, definition: Partial<FacetDefinition>): void {
  const f = config.facets[i] as Facet;
  f.definition = { ...f.definition, ...definition };
}

describe('validateSiteConfig', () => {
  it('finds nothing wrong with a valid config', () => {
    expect(issuesOf(validConfig())).toEqual([]);
  });

  it('finds nothing wrong with a site that has no markets, facets, collections or rules yet', () => {
    const config = siteConfigSchema.parse({
      site: { code: 'new', name: 'New', ecomSiteId: 1 },
      markets: [],
      facets: [],
      collections: [],
      queryRules: [],
    });
    expect(issuesOf(config)).toEqual([]);
  });

  describe('site', () => {
    it('refuses a code another site of the tenant has', () => {
      const issue = onlyIssue(withChange((c) => (c.site.code = 'outlet')));
      expect(issue.field).toBe('site.code');
      expect(issue.message).toContain('another site');
      expect(issue.message).toContain('"outlet"');
    });

    it('refuses an assortment root that is not a category of the tenant, naming its index', () => {
      const issue = onlyIssue(withChange((c) => (c.site.assortment.categoryRootIds = [1, 99])));
      expect(issue).toEqual({
        field: 'site.assortment.categoryRootIds[1]',
        message: expect.stringContaining('category 99 does not exist'),
      });
    });
  });

  describe('markets', () => {
    it('refuses a repeated market code, naming the later market', () => {
      const issue = onlyIssue(withChange((c) => c.markets.push(market('se'))));
      expect(issue).toEqual({ field: 'markets[2].code', message: 'duplicate market code' });
    });

    it('refuses markets with no default', () => {
      const issue = onlyIssue(withChange((c) => ((c.markets[0] as Market).isDefault = false)));
      expect(issue.field).toBe('markets');
      expect(issue.message).toContain('exactly one market must be the default, found 0');
    });

    it('refuses two default markets', () => {
      const issue = onlyIssue(withChange((c) => ((c.markets[1] as Market).isDefault = true)));
      expect(issue.field).toBe('markets');
      expect(issue.message).toContain('found 2');
    });

    it('refuses an inactive default market while another market is active', () => {
      const issue = onlyIssue(withChange((c) => ((c.markets[0] as Market).active = false)));
      expect(issue).toEqual({
        field: 'markets[0].active',
        message: 'the default market cannot be inactive while others are active',
      });
    });

    it('accepts every market switched off (the shop then answers SITE_INACTIVE)', () => {
      expect(
        issuesOf(
          withChange((c) => {
            for (const m of c.markets) m.active = false;
          }),
        ),
      ).toEqual([]);
    });

    it('refuses a price list the tenant does not have', () => {
      const issue = onlyIssue(withChange((c) => ((c.markets[1] as Market).priceListId = 7)));
      expect(issue).toEqual({
        field: 'markets[1].priceListId',
        message: expect.stringContaining('price list 7 does not exist'),
      });
    });

    it('refuses a currency other than the price list currency', () => {
      const issue = onlyIssue(withChange((c) => ((c.markets[1] as Market).currency = 'SEK')));
      expect(issue.field).toBe('markets[1].currency');
      expect(issue.message).toContain('price list 2 is in EUR, not SEK');
    });
  });

  describe('facets', () => {
    it.each(['price', 'in-stock'])('refuses the reserved key %s', (key) => {
      const issue = onlyIssue(withChange((c) => ((c.facets[5] as Facet).key = key)));
      expect(issue.field).toBe('facets[5].key');
      expect(issue.message).toContain('reserved');
    });

    it('refuses a repeated facet key, naming the later facet', () => {
      const issue = onlyIssue(
        withChange((c) => c.facets.push(facet('brand', { source: { kind: 'brand' }, type: 'list' }))),
      );
      expect(issue).toEqual({ field: 'facets[6].key', message: 'duplicate facet key' });
    });

    // Which types each source can feed (docs/decisions.md, "Facet definitions").
    const COMPATIBLE: Record<FacetDefinition['source']['kind'], FacetDefinition['type'][]> = {
      brand: ['list'],
      option: ['list', 'swatch'],
      attribute: ['list', 'swatch', 'range', 'toggle'],
      category: ['hierarchy', 'list'],
    };
    const SOURCES: Record<FacetDefinition['source']['kind'], FacetDefinition['source']> = {
      brand: { kind: 'brand' },
      option: { kind: 'option', option: 'size' },
      attribute: { kind: 'attribute', attribute: 'fit' },
      category: { kind: 'category', rootId: 2 },
    };
    const TYPES: FacetDefinition['type'][] = ['list', 'hierarchy', 'range', 'toggle', 'swatch'];
    const combos = Object.entries(COMPATIBLE).flatMap(([kind, ok]) =>
      TYPES.map((type) => ({ kind: kind as FacetDefinition['source']['kind'], type, ok: ok.includes(type) })),
    );

    /** A facet of this source and type with nothing else that a rule could object to. */
    const plainFacet = (kind: FacetDefinition['source']['kind'], type: FacetDefinition['type']) =>
      facet('extra', { source: SOURCES[kind], type });

    it.each(combos.filter((c) => !c.ok))('refuses a $kind source feeding a $type facet', ({ kind, type }) => {
      const issue = onlyIssue(withChange((c) => c.facets.push(plainFacet(kind, type))));
      expect(issue.field).toBe('facets[6].definition.type');
      expect(issue.message).toContain(`a ${kind} source can feed`);
      expect(issue.message).toContain(`not ${type}`);
    });

    it.each(combos.filter((c) => c.ok))('accepts a $kind source feeding a $type facet', ({ kind, type }) => {
      expect(issuesOf(withChange((c) => c.facets.push(plainFacet(kind, type))))).toEqual([]);
    });

    it.each([
      ['range', 2],
      ['toggle', 3],
      ['hierarchy', 4],
    ] as const)('refuses searchable on a %s facet', (_type, i) => {
      const issue = onlyIssue(withChange((c) => setFacet(c, i, { searchable: true })));
      expect(issue.field).toBe(`facets[${i}].definition.searchable`);
      expect(issue.message).toContain('only list and swatch facets can be searchable');
    });

    it('accepts searchable on list and swatch facets', () => {
      expect(issuesOf(withChange((c) => setFacet(c, 1, { searchable: true })))).toEqual([]);
    });

    it('refuses a range block (unit, step) on a facet that is not a range', () => {
      const issue = onlyIssue(withChange((c) => setFacet(c, 0, { range: { unit: 'cm', step: 1 } })));
      expect(issue.field).toBe('facets[0].definition.range');
      expect(issue.message).toContain('only a range facet');
    });

    it('refuses swatches on a facet that is not a swatch facet', () => {
      const issue = onlyIssue(withChange((c) => setFacet(c, 0, { swatches: { red: { color: 'red', image: null } } })));
      expect(issue.field).toBe('facets[0].definition.swatches');
      expect(issue.message).toContain('only a swatch facet takes swatches');
    });

    it.each([
      ['range', 2, 'all'],
      ['range', 2, 'single'],
      ['toggle', 3, 'all'],
      ['toggle', 3, 'single'],
    ] as const)('refuses a match mode on a %s facet (%#)', (type, i, match) => {
      const issue = onlyIssue(withChange((c) => setFacet(c, i, { match })));
      expect(issue.field).toBe(`facets[${i}].definition.match`);
      expect(issue.message).toContain(`a ${type} facet has no match mode`);
    });

    it('refuses a category facet below a category the tenant does not have', () => {
      const issue = onlyIssue(withChange((c) => setFacet(c, 4, { source: { kind: 'category', rootId: 42 } })));
      expect(issue.field).toBe('facets[4].definition.source.rootId');
      expect(issue.message).toContain('category 42 does not exist');
    });

    it('accepts a category facet over the whole tree (rootId null) whatever the tenant has', () => {
      const facts = { ...FACTS, categoryIds: new Set([1, 2, 3]) };
      expect(issuesOf(validConfig(), facts)).toEqual([]);
      expect(
        issuesOf(
          withChange((c) => setFacet(c, 4, { source: { kind: 'category', rootId: null } })),
          { ...facts, categoryIds: new Set([1]) },
        ),
      ).toEqual([]);
    });

    it('reports every broken rule of one facet', () => {
      const issues = issuesOf(
        withChange((c) =>
          c.facets.push(facet('price', { source: { kind: 'brand' }, type: 'range', match: 'all', searchable: true })),
        ),
      );
      expect(issues.map((i) => i.field).sort()).toEqual([
        'facets[6].definition.match',
        'facets[6].definition.searchable',
        'facets[6].definition.type',
        'facets[6].key',
      ]);
    });
  });

  describe('collections', () => {
    it('refuses a parent that does not exist', () => {
      const issue = onlyIssue(withChange((c) => ((c.collections[2] as Collection).parentId = 77)));
      expect(issue).toEqual({
        field: 'collections[2].parentId',
        message: expect.stringContaining('collection 77 does not exist'),
      });
    });

    it('refuses a collection that is its own parent', () => {
      const issue = onlyIssue(withChange((c) => ((c.collections[2] as Collection).parentId = 3)));
      expect(issue.field).toBe('collections[2].parentId');
      expect(issue.message).toContain('own ancestor');
    });

    // Collection 1 becomes its own parent; 2 (child of 1) and 3 (child of 2) are not their own ancestors,
    // yet the message "a collection cannot be its own ancestor" is pinned on them too.
    it('reports a cycle only on the collections on it, not on their descendants', () => {
      const issues = issuesOf(withChange((c) => ((c.collections[0] as Collection).parentId = 1)));
      expect(issues.map((i) => i.field)).toEqual(['collections[0].parentId']);
    });

    it('refuses a cycle through several collections, naming each collection on it', () => {
      const issues = issuesOf(withChange((c) => ((c.collections[0] as Collection).parentId = 3)));
      expect(issues.map((i) => i.field)).toEqual([
        'collections[0].parentId',
        'collections[1].parentId',
        'collections[2].parentId',
      ]);
      for (const issue of issues) expect(issue.message).toContain('own ancestor');
    });

    it('refuses a repeated collection id', () => {
      const issue = onlyIssue(withChange((c) => c.collections.push(collection(3))));
      expect(issue).toEqual({ field: 'collections[3].id', message: 'duplicate collection id' });
    });

    it('refuses a slug another collection has in the same language, in any case or spelling that slugifies alike', () => {
      const issue = onlyIssue(withChange((c) => ((c.collections[2] as Collection).slugs = { en: 'C-1', sv: 'c-1' })));
      expect(issue).toEqual({
        field: 'collections[2].slugs.en',
        message: 'collection 1 already has the slug "c-1" in en',
      });
      expect(issuesOf(withChange((c) => ((c.collections[2] as Collection).slugs = { sv: 'c-1' })))).toEqual([]);
      const both = issuesOf(
        withChange((c) =>
          c.collections.push(collection(4, { slugs: { en: 'c 2' } }), collection(5, { slugs: { en: 'C_2' } })),
        ),
      );
      expect(both.map((i) => i.field)).toEqual(['collections[3].slugs.en', 'collections[4].slugs.en']);
    });

    it('refuses a collection without names', () => {
      const issue = onlyIssue(withChange((c) => ((c.collections[1] as Collection).names = {})));
      expect(issue.field).toBe('collections[1].names');
      expect(issue.message).toContain('name in at least one language');
    });

    it('refuses a collection without slugs', () => {
      const issue = onlyIssue(withChange((c) => ((c.collections[1] as Collection).slugs = {})));
      expect(issue.field).toBe('collections[1].slugs');
      expect(issue.message).toContain('slug in at least one language');
    });

    it('refuses values under the key "all"', () => {
      const issue = onlyIssue(withChange((c) => ((c.collections[0] as Collection).filter = { all: ['x'] })));
      expect(issue.field).toBe('collections[0].filter.all');
      expect(issue.message).toContain('empty list');
    });

    it('refuses a filter key that is not a facet when facets are configured', () => {
      const issue = onlyIssue(
        withChange((c) => ((c.collections[2] as Collection).filter = { colour: ['black'], material: ['wool'] })),
      );
      expect(issue.field).toBe('collections[2].filter.material');
      expect(issue.message).toContain('"material" is not a facet of this site');
    });

    it('accepts the built-in keys price and in-stock as filter keys when facets are configured', () => {
      expect(
        issuesOf(
          withChange((c) => ((c.collections[0] as Collection).filter = { price: ['10-20'], 'in-stock': ['true'] })),
        ),
      ).toEqual([]);
    });

    it('accepts any filter key when no facets are configured (zero-config facets come from the data)', () => {
      const config = withChange((c) => {
        c.facets = [];
        (c.collections[2] as Collection).filter = { material: ['wool'], 'kok-bad': ['9'] };
      });
      expect(issuesOf(config)).toEqual([]);
    });

    it('refuses, configured facets or not, a key no facet can have and a built-in value the storefront would ignore', () => {
      for (const facets of ['configured', 'none'] as const) {
        const config = withChange((c) => {
          if (facets === 'none') c.facets = [];
          (c.collections[2] as Collection).filter = JSON.parse(
            '{"__proto__": ["x"], "constructor": ["y"], "price": ["-1e309-", "50-10", "10-"], "in-stock": ["yes"]}',
          );
        });
        expect(issuesOf(config)).toEqual([
          { field: 'collections[2].filter.__proto__', message: '"__proto__" is not a facet key' },
          { field: 'collections[2].filter.constructor', message: '"constructor" is not a facet key' },
          {
            field: 'collections[2].filter.price[0]',
            message: '"-1e309-" is not a price range such as "10-50", "10-" or "-50"',
          },
          { field: 'collections[2].filter.price[1]', message: '"50-10" has its lower bound above its upper bound' },
          { field: 'collections[2].filter.in-stock[0]', message: 'in-stock takes "true" or "false"' },
        ]);
      }
    });

    it('refuses a price bound too large to be a number', () => {
      const issue = onlyIssue(
        withChange((c) => ((c.collections[0] as Collection).filter = { price: [`1${'0'.repeat(400)}-`] })),
      );
      expect(issue).toMatchObject({
        field: 'collections[0].filter.price[0]',
        message: expect.stringContaining('is not a price range'),
      });
    });
  });

  describe('facet keys', () => {
    it.each(['constructor', '__proto__', 'Brand', '-a'])(
      'refuses %j, as every key no lookup can tell from a built-in name',
      (key) => {
        expect(facetSchema.shape.key.safeParse(key).success).toBe(false);
      },
    );
    it.each(['brand', 'colour-2', 'size_eu', 'tostring'])('accepts %j', (key) => {
      expect(facetSchema.shape.key.safeParse(key).success).toBe(true);
    });
  });

  describe('query rules', () => {
    it('refuses a repeated rule id', () => {
      const issue = onlyIssue(
        withChange((c) =>
          c.queryRules.push(
            queryRuleSchema.parse({ id: 2, query: 'boots', target: { kind: 'collection', collectionId: 1 } }),
          ),
        ),
      );
      expect(issue).toEqual({ field: 'queryRules[2].id', message: 'duplicate rule id' });
    });

    it('refuses a query another rule has, ignoring case', () => {
      const rule: QueryRule = queryRuleSchema.parse({
        id: 3,
        query: 'JACKETS',
        target: { kind: 'collection', collectionId: 1 },
      });
      const issue = onlyIssue(withChange((c) => c.queryRules.push(rule)));
      expect(issue.field).toBe('queryRules[2].query');
      expect(issue.message).toContain('another rule has this query');
    });

    it('refuses a rule that points at a collection the site does not have', () => {
      const issue = onlyIssue(
        withChange((c) => ((c.queryRules[0] as QueryRule).target = { kind: 'collection', collectionId: 404 })),
      );
      expect(issue.field).toBe('queryRules[0].target.collectionId');
      expect(issue.message).toContain('collection 404 does not exist');
    });
  });
});

describe('siteSchema', () => {
  const site = (extra: Record<string, unknown> = {}) =>
    siteSchema.safeParse({ code: 'main-shop', name: 'Main', ecomSiteId: 1, ...extra });

  it.each(['a', 'main-shop', 'shop-2', 'x'.repeat(40), '9'])('accepts the code %s', (code) => {
    expect(site({ code }).success).toBe(true);
  });

  it.each(['Main', 'MAIN', 'x'.repeat(41), 'main_shop', 'main shop', 'main.shop', ''])(
    'refuses the code %j',
    (code) => {
      expect(site({ code }).success).toBe(false);
    },
  );

  it('applies the defaults: active, no dev origins, the whole assortment without inactive categories, /p/{slug} and /k/{path}', () => {
    expect(siteSchema.parse({ code: 'main', name: 'Main', ecomSiteId: 3 })).toEqual({
      code: 'main',
      name: 'Main',
      ecomSiteId: 3,
      active: true,
      devOrigins: [],
      assortment: { categoryRootIds: [], excludeInactive: true },
      urlPatterns: { product: '/p/{slug}', collection: '/k/{path}' },
    });
  });

  it('fills the omitted half of a partial assortment', () => {
    expect(
      siteSchema.parse({ code: 'main', name: 'Main', ecomSiteId: 3, assortment: { categoryRootIds: [4] } }).assortment,
    ).toEqual({ categoryRootIds: [4], excludeInactive: true });
    expect(
      siteSchema.parse({ code: 'main', name: 'Main', ecomSiteId: 3, assortment: { excludeInactive: false } })
        .assortment,
    ).toEqual({ categoryRootIds: [], excludeInactive: false });
  });

  it.each(['https://shop.example', 'http://localhost:3000', 'https://dev.shop.example:8443'])(
    'accepts the origin %s',
    (origin) => {
      expect(site({ devOrigins: [origin] }).success).toBe(true);
    },
  );

  it.each(['https://shop.example/app', 'shop.example', 'ftp://shop.example', 'https://shop.example?x=1', 'not a url'])(
    'refuses %j as an origin',
    (origin) => {
      const result = site({ devOrigins: ['https://ok.example', origin] });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['devOrigins', 1]);
      expect(result.error?.issues[0]?.message).toContain('must be an origin');
    },
  );

  it('refuses url patterns without their placeholder or not starting with /', () => {
    expect(site({ urlPatterns: { product: '/p/{slug}', collection: '/k/{path}' } }).success).toBe(true);
    expect(site({ urlPatterns: { product: '/p/{id}', collection: '/k/{path}' } }).success).toBe(false);
    expect(site({ urlPatterns: { product: '/p/{slug}', collection: '/k/{slug}' } }).success).toBe(false);
    expect(site({ urlPatterns: { product: 'p/{slug}', collection: '/k/{path}' } }).success).toBe(false);
  });

  it('refuses a non-positive or fractional ecomSiteId and an empty name', () => {
    expect(site({ ecomSiteId: 0 }).success).toBe(false);
    expect(site({ ecomSiteId: 1.5 }).success).toBe(false);
    expect(site({ name: '   ' }).success).toBe(false);
  });

  it('refuses unknown fields, also inside assortment', () => {
    expect(site({ theme: 'dark' }).success).toBe(false);
    expect(site({ assortment: { categoryRootIds: [], excludeInactive: true, depth: 2 } }).success).toBe(false);
  });
});

describe('marketSchema', () => {
  const base = {
    code: 'se',
    language: 'sv',
    currency: 'SEK',
    country: 'SE',
    urlTemplate: 'https://shop.example/{path}',
    priceListId: 1,
  };
  const parse = (extra: Record<string, unknown>) => marketSchema.safeParse({ ...base, ...extra });

  it('applies the defaults: not default, no brand pages, active', () => {
    expect(marketSchema.parse(base)).toEqual({ ...base, isDefault: false, brandUrlPattern: null, active: true });
  });

  it.each(['en', 'sv', 'de-AT', 'zh-Hant', 'fil'])('accepts the language %s', (language) => {
    expect(parse({ language }).success).toBe(true);
  });

  it.each(['english', 'EN', 'e', 'de_AT', 'de-', ''])('refuses the language %j', (language) => {
    const result = parse({ language });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('language code');
  });

  it.each([
    ['currency', 'EUR', true],
    ['currency', 'eur', false],
    ['currency', 'EURO', false],
    ['currency', 'E1R', false],
    ['country', 'SE', true],
    ['country', 'se', false],
    ['country', 'SWE', false],
  ])('%s %s valid: %s', (field, value, ok) => {
    expect(parse({ [field]: value }).success).toBe(ok);
  });

  it.each(['https://shop.example/{path}', 'http://localhost:3000/sv/{path}', 'https://shop.example/{path}?ref=x'])(
    'accepts the url template %s',
    (urlTemplate) => {
      expect(parse({ urlTemplate }).success).toBe(true);
    },
  );

  it.each([
    ['/sv/{path}', 'must be an absolute http(s) URL'],
    ['ftp://shop.example/{path}', 'must be an absolute http(s) URL'],
    ['https://shop.example/products', 'must contain {path}'],
  ])('refuses the url template %s', (urlTemplate, message) => {
    const result = parse({ urlTemplate });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
    expect(result.error?.issues.every((i) => i.path.join('.') === 'urlTemplate')).toBe(true);
  });

  it('takes a brand url pattern only with {slug}', () => {
    expect(parse({ brandUrlPattern: '/brands/{slug}' }).success).toBe(true);
    expect(parse({ brandUrlPattern: '/brands' }).success).toBe(false);
  });

  it.each(['SE', 'se market', '-se', 'x'.repeat(65)])('refuses the market code %j', (code) => {
    expect(parse({ code }).success).toBe(false);
  });

  it('refuses unknown fields', () => {
    expect(parse({ vatRate: 25 }).success).toBe(false);
  });
});

describe('facetDefinitionSchema', () => {
  it('applies the defaults', () => {
    expect(facetDefinitionSchema.parse({ source: { kind: 'brand' }, type: 'list' })).toEqual({
      source: { kind: 'brand' },
      type: 'list',
      match: 'any',
      label: {},
      help: {},
      collapsed: false,
      searchable: false,
      size: 20,
      position: 0,
      range: null,
      swatches: {},
    });
  });

  it('fills the range block and swatch defaults', () => {
    const d = facetDefinitionSchema.parse({ source: { kind: 'attribute', attribute: 'w' }, type: 'range', range: {} });
    expect(d.range).toEqual({ unit: null, step: 1 });
    const s = facetDefinitionSchema.parse({
      source: { kind: 'option', option: 'colour' },
      type: 'swatch',
      swatches: { red: {} },
    });
    expect(s.swatches).toEqual({ red: { color: null, image: null } });
  });

  it('takes a swatch image as a media source: a path inside the source root or an http(s) URL', () => {
    const withImage = (image: string) =>
      facetDefinitionSchema.safeParse({
        source: { kind: 'option', option: 'colour' },
        type: 'swatch',
        swatches: { red: { image } },
      });
    for (const image of [
      'swatches/red.png',
      'red.png',
      'https://cdn.shop.example/swatches/red.png',
      'http://images.shop.example/r.png',
    ]) {
      expect({ image, ok: withImage(image).success }).toEqual({ image, ok: true });
    }
    for (const image of [
      '/etc/passwd',
      '../secret.png',
      'swatches/../../x.png',
      'file:///etc/passwd',
      'ftp://host/x.png',
      'C:\\x.png',
      'red\u0000.png',
      '',
      'https://',
    ]) {
      const result = withImage(image);
      expect({ image, ok: result.success }).toEqual({ image, ok: false });
      expect(result.error?.issues[0]?.message).toMatch(/media source root .* or an http\(s\) URL/);
    }
  });

  it('refuses an unknown source kind, a source without its field, and an unknown type', () => {
    expect(facetDefinitionSchema.safeParse({ source: { kind: 'tag' }, type: 'list' }).success).toBe(false);
    expect(facetDefinitionSchema.safeParse({ source: { kind: 'option' }, type: 'list' }).success).toBe(false);
    expect(facetDefinitionSchema.safeParse({ source: { kind: 'category' }, type: 'list' }).success).toBe(false);
    expect(facetDefinitionSchema.safeParse({ source: { kind: 'brand' }, type: 'tree' }).success).toBe(false);
  });

  it('refuses labels keyed by something other than a language code', () => {
    expect(
      facetDefinitionSchema.safeParse({
        source: { kind: 'brand' },
        type: 'list',
        label: { en: 'Brand', 'de-AT': 'Marke' },
      }).success,
    ).toBe(true);
    expect(
      facetDefinitionSchema.safeParse({ source: { kind: 'brand' }, type: 'list', label: { english: 'Brand' } }).success,
    ).toBe(false);
  });

  it('refuses unknown fields, also inside the source', () => {
    expect(facetDefinitionSchema.safeParse({ source: { kind: 'brand' }, type: 'list', colour: 'red' }).success).toBe(
      false,
    );
    expect(facetDefinitionSchema.safeParse({ source: { kind: 'brand', option: 'x' }, type: 'list' }).success).toBe(
      false,
    );
  });

  it('refuses a size outside 1..1000 and a non-positive step', () => {
    expect(facetDefinitionSchema.safeParse({ source: { kind: 'brand' }, type: 'list', size: 0 }).success).toBe(false);
    expect(facetDefinitionSchema.safeParse({ source: { kind: 'brand' }, type: 'list', size: 1001 }).success).toBe(
      false,
    );
    expect(
      facetDefinitionSchema.safeParse({
        source: { kind: 'attribute', attribute: 'w' },
        type: 'range',
        range: { step: 0 },
      }).success,
    ).toBe(false);
  });
});

describe('collectionSchema', () => {
  const base = {
    id: 1,
    slugs: { en: 'jackets', sv: 'jackor' },
    names: { en: 'Jackets', sv: 'Jackor' },
    filter: { all: [] },
  };

  it('applies the defaults: a root collection at position 0', () => {
    expect(collectionSchema.parse(base)).toEqual({ ...base, parentId: null, position: 0, pin: [], hide: [] });
  });

  it('refuses slugs or names keyed by something other than a language code, and blank ones', () => {
    expect(collectionSchema.safeParse({ ...base, slugs: { english: 'jackets' } }).success).toBe(false);
    expect(collectionSchema.safeParse({ ...base, names: { en: '  ' } }).success).toBe(false);
  });

  it('refuses filter keys outside the facet key grammar and empty filter values', () => {
    expect(collectionSchema.safeParse({ ...base, filter: { Brand: ['x'] } }).success).toBe(false);
    expect(collectionSchema.safeParse({ ...base, filter: { brand: [''] } }).success).toBe(false);
    expect(collectionSchema.safeParse({ ...base, filter: { brand: ['a'], 'in-stock': ['true'] } }).success).toBe(true);
  });

  it('refuses unknown fields', () => {
    expect(collectionSchema.safeParse({ ...base, description: 'x' }).success).toBe(false);
  });
});

describe('ConfigValidationError.fromZod', () => {
  const failure = (schema: z.ZodType, input: unknown): z.ZodError => {
    const result = schema.safeParse(input);
    if (result.success) throw new Error('expected a failure');
    return result.error;
  };

  it('names a field under the prefix with a dot', () => {
    const error = failure(marketSchema, {
      code: 'se',
      language: 'sv',
      currency: 'SEK',
      country: 'SE',
      urlTemplate: 'https://shop.example/',
      priceListId: 1,
    });
    const e = ConfigValidationError.fromZod(error, 'market');
    expect(e.issues).toEqual([{ field: 'market.urlTemplate', message: 'must contain {path}' }]);
    expect(e).toBeInstanceOf(ConfigValidationError);
    expect(e.status).toBe(400);
    expect(e.code).toBe('invalid_config');
    expect(e.message).toBe('market.urlTemplate: must contain {path}');
    expect(e.extra).toEqual({ issues: e.issues });
  });

  it('names a record entry by its key (collection.slugs.en)', () => {
    const error = failure(collectionSchema, { id: 1, slugs: { en: '' }, names: { en: 'X' }, filter: {} });
    expect(ConfigValidationError.fromZod(error, 'collection').issues.map((i) => i.field)).toEqual([
      'collection.slugs.en',
    ]);
  });

  it('names a record key that is not a language code by that key', () => {
    const error = failure(collectionSchema, { id: 1, slugs: { english: 'x' }, names: { en: 'X' }, filter: {} });
    const [issue] = ConfigValidationError.fromZod(error, 'collection').issues;
    expect(issue?.field).toBe('collection.slugs.english');
  });

  it('writes array indices in brackets, with and without a prefix', () => {
    const error = failure(siteSchema, {
      code: 'main',
      name: 'Main',
      ecomSiteId: 1,
      devOrigins: ['https://a.example', 'https://b.example/x'],
    });
    expect(ConfigValidationError.fromZod(error, 'site').issues.map((i) => i.field)).toEqual(['site.devOrigins[1]']);
    expect(ConfigValidationError.fromZod(error).issues.map((i) => i.field)).toEqual(['devOrigins[1]']);
  });

  it('names nested fields of a whole config without a leading dot', () => {
    const config = {
      ...structuredClone(validConfig()),
      markets: [{ ...market('se', { isDefault: true }), country: 'sweden' }],
    };
    const error = failure(siteConfigSchema, config);
    expect(ConfigValidationError.fromZod(error, '').issues.map((i) => i.field)).toEqual(['markets[0].country']);
  });

  it('names the prefix itself, or (input), for an issue on the whole object; the message names the unknown field', () => {
    const error = failure(siteSchema, { code: 'main', name: 'Main', ecomSiteId: 1, theme: 'dark' });
    const [withPrefix] = ConfigValidationError.fromZod(error, 'site').issues;
    expect(withPrefix?.field).toBe('site');
    expect(withPrefix?.message).toContain('theme');
    expect(ConfigValidationError.fromZod(error).issues[0]?.field).toBe('(input)');
  });

  it('keeps one issue per zod issue, in order', () => {
    const error = failure(marketSchema, {
      code: 'SE',
      language: 'english',
      currency: 'sek',
      country: 'SE',
      urlTemplate: 'https://x.example/{path}',
      priceListId: 1,
    });
    expect(ConfigValidationError.fromZod(error, 'market').issues.map((i) => i.field)).toEqual([
      'market.code',
      'market.language',
      'market.currency',
    ]);
  });
});
