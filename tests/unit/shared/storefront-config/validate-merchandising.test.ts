import type { z } from 'zod';
import { MAX_SYNONYM_WORDS } from '../../../../shared/merchandising/synonym-index';
import {
  MAX_SYNONYMS_PER_SITE,
  queryRuleSchema,
  siteConfigSchema,
  type QueryRule,
  type SiteConfig,
  type SynonymEntry,
} from '../../../../shared/storefront-config/schemas';
import {
  validateSiteConfig,
  type ConfigIssue,
  type TenantConfigFacts,
} from '../../../../shared/storefront-config/validate-config';
import {
  filterKeyIssues,
  pinHideIssues,
  queryRuleIssues,
  synonymEntryIssues,
  synonymIssues,
} from '../../../../shared/storefront-config/validate-merchandising';

type RuleInput = z.input<typeof queryRuleSchema>;

const FACTS: TenantConfigFacts = {
  priceLists: new Map([[1, 'SEK']]),
  categoryIds: new Set([1]),
  otherSiteCodes: new Set(),
};

const market = (code: string, isDefault = false) => ({
  code,
  language: 'sv',
  currency: 'SEK',
  country: 'SE',
  urlTemplate: 'https://shop.example/{path}',
  priceListId: 1,
  isDefault,
});

/** A valid config with three markets, two facets, one collection and the given rules and synonyms. */
function config(queryRules: RuleInput[] = [], synonyms: SiteConfig['synonyms'] = {}): SiteConfig {
  return siteConfigSchema.parse({
    site: { code: 'shop', name: 'Shop', ecomSiteId: 1 },
    markets: [market('se', true), market('no'), market('dk')],
    facets: [
      { key: 'brand', definition: { source: { kind: 'brand' }, type: 'list' } },
      { key: 'colour', definition: { source: { kind: 'option', option: 'colour' }, type: 'list' } },
    ],
    collections: [{ id: 1, slugs: { en: 'all' }, names: { en: 'All' }, filter: { all: [] } }],
    queryRules,
    synonyms,
  });
}

const issuesOf = (c: SiteConfig): ConfigIssue[] => validateSiteConfig(c, FACTS);
const hide = { hide: ['1'] };
const toUrl = (path: string) => ({ target: { kind: 'url' as const, url: `https://shop.example/${path}` } });

describe('query rules', () => {
  it('finds nothing wrong with rules that each do something valid', () => {
    const rules: RuleInput[] = [
      { id: 1, query: 'boots', ...toUrl('boots') },
      { id: 2, query: 'shoes', target: { kind: 'collection', collectionId: 1 } },
      { id: 3, query: 'socks', pin: [{ productId: '1', position: 1 }] },
      { id: 4, query: 'hats', hide: ['2'] },
      { id: 5, query: 'scarves', boost: { brand: ['acme'] }, markets: ['se', 'no'] },
      {
        id: 6,
        query: 'gloves',
        bury: { colour: ['pink'], price: ['-10'] },
        activeFrom: '2026-01-01T00:00:00Z',
        activeUntil: '2026-02-01T00:00:00Z',
      },
      { id: 7, query: 'belts', match: 'contains', filter: { 'in-stock': ['true'] } },
    ];
    expect(issuesOf(config(rules))).toEqual([]);
  });

  it('refuses a rule that does nothing', () => {
    expect(issuesOf(config([{ id: 1, query: 'boots' }]))).toEqual([
      {
        field: 'queryRules[0].query',
        message: 'the rule does nothing: give it a target (redirect), pin, hide, boost, bury or filter',
      },
    ]);
  });

  it('refuses a query without letters or digits', () => {
    expect(issuesOf(config([{ id: 1, query: '?!', ...hide }]))).toEqual([
      { field: 'queryRules[0].query', message: 'needs at least one letter or digit' },
    ]);
  });

  describe('time window', () => {
    it('refuses activeUntil at or before activeFrom', () => {
      const at = '2026-06-01T00:00:00Z';
      const expected = [{ field: 'queryRules[0].activeUntil', message: 'must be after activeFrom' }];
      expect(issuesOf(config([{ id: 1, query: 'boots', ...hide, activeFrom: at, activeUntil: at }]))).toEqual(expected);
      expect(
        issuesOf(config([{ id: 1, query: 'boots', ...hide, activeFrom: at, activeUntil: '2026-05-31T23:59:59Z' }])),
      ).toEqual(expected);
    });

    it('compares instants, not their text: the same moment in another offset is not after', () => {
      const rule = {
        id: 1,
        query: 'boots',
        ...hide,
        activeFrom: '2026-06-01T02:00:00+02:00',
        activeUntil: '2026-06-01T00:00:00Z',
      };
      expect(issuesOf(config([rule]))).toEqual([
        { field: 'queryRules[0].activeUntil', message: 'must be after activeFrom' },
      ]);
    });

    it('accepts a window a millisecond long and windows open on either side', () => {
      const rules = [
        { id: 1, query: 'a', ...hide, activeFrom: '2026-06-01T00:00:00.000Z', activeUntil: '2026-06-01T00:00:00.001Z' },
        { id: 2, query: 'b', ...hide, activeFrom: '2026-06-01T00:00:00Z' },
        { id: 3, query: 'c', ...hide, activeUntil: '2026-06-01T00:00:00Z' },
      ];
      expect(issuesOf(config(rules))).toEqual([]);
    });
  });

  it('refuses a market the site does not have, naming its index', () => {
    expect(issuesOf(config([{ id: 1, query: 'boots', ...hide, markets: ['se', 'fi'] }]))).toEqual([
      { field: 'queryRules[0].markets[1]', message: 'market "fi" does not exist' },
    ]);
  });

  describe('boost, bury and filter', () => {
    it.each(['boost', 'bury', 'filter'] as const)(
      'refuses a %s naming a key that is not a facet of the site',
      (action) => {
        expect(issuesOf(config([{ id: 1, query: 'boots', [action]: { brand: ['acme'], size: ['42'] } }]))).toEqual([
          { field: `queryRules[0].${action}.size`, message: '"size" is not a facet of this site' },
        ]);
      },
    );

    it.each(['boost', 'bury', 'filter'] as const)('refuses a %s with an empty value list', (action) => {
      expect(issuesOf(config([{ id: 1, query: 'boots', [action]: { colour: [] } }]))).toEqual([
        { field: `queryRules[0].${action}.colour`, message: 'needs at least one value' },
      ]);
    });

    it.each(['boost', 'bury', 'filter'] as const)('refuses a %s without any facet', (action) => {
      expect(issuesOf(config([{ id: 1, query: 'boots', [action]: {} }]))).toEqual([
        { field: `queryRules[0].${action}`, message: 'needs at least one facet' },
      ]);
    });

    it('accepts the built-in price and in-stock keys', () => {
      expect(
        issuesOf(config([{ id: 1, query: 'boots', boost: { price: ['10-'] }, bury: { 'in-stock': ['false'] } }])),
      ).toEqual([]);
    });

    it('accepts any key when the site has no facets configured, still needing values', () => {
      const c = config([{ id: 1, query: 'boots', boost: { size: ['42'] }, filter: { material: [] } }]);
      c.facets = [];
      expect(issuesOf(c)).toEqual([{ field: 'queryRules[0].filter.material', message: 'needs at least one value' }]);
    });
  });

  describe('pins and hides', () => {
    it('refuses a product pinned twice, naming the later pin', () => {
      const rule = {
        id: 1,
        query: 'boots',
        pin: [
          { productId: '5', position: 1 },
          { productId: '6', position: 2 },
          { productId: '5', position: 3 },
        ],
      };
      expect(issuesOf(config([rule]))).toEqual([
        { field: 'queryRules[0].pin[2].productId', message: 'product 5 is pinned twice' },
      ]);
    });

    it('reads numeric and string ids as one product', () => {
      const rule = {
        id: 1,
        query: 'boots',
        pin: [
          { productId: 5, position: 1 },
          { productId: '5', position: 3 },
        ],
      };
      expect(issuesOf(config([rule]))).toEqual([
        { field: 'queryRules[0].pin[1].productId', message: 'product 5 is pinned twice' },
      ]);
    });

    it('refuses a product both pinned and hidden', () => {
      const rule = {
        id: 1,
        query: 'boots',
        pin: [
          { productId: '5', position: 1 },
          { productId: '6', position: 2 },
        ],
        hide: ['7', '6'],
      };
      expect(issuesOf(config([rule]))).toEqual([
        { field: 'queryRules[0].pin[1].productId', message: 'product 6 is both pinned and hidden' },
      ]);
    });

    it('allows one product pinned and hidden by different rules', () => {
      expect(
        issuesOf(
          config([
            { id: 1, query: 'boots', pin: [{ productId: '5', position: 1 }] },
            { id: 2, query: 'boots', hide: ['5'] },
          ]),
        ),
      ).toEqual([]);
    });
  });

  describe('redirect clashes', () => {
    const clash = {
      field: 'queryRules[1].query',
      message: 'another rule has this query and redirects it in the same markets and time',
    };
    const redirect = (id: number, extra: Partial<RuleInput> = {}) => ({
      id,
      query: 'boots',
      ...toUrl(`r${id}`),
      ...extra,
    });

    it('refuses two redirects of one query, naming the later rule', () => {
      expect(issuesOf(config([redirect(1), redirect(2)]))).toEqual([clash]);
    });

    it('compares queries after normalisation', () => {
      expect(issuesOf(config([redirect(1, { query: 'Röd  Jacka' }), redirect(2, { query: 'rod jacka' })]))).toEqual([
        clash,
      ]);
    });

    it('reports a rule once however many earlier rules it clashes with', () => {
      expect(issuesOf(config([redirect(1), redirect(2), redirect(3)]))).toEqual([
        clash,
        { ...clash, field: 'queryRules[2].query' },
      ]);
    });

    it('does not clash for different queries', () => {
      expect(issuesOf(config([redirect(1), redirect(2, { query: 'boot' })]))).toEqual([]);
    });

    it('does not clash for different match kinds', () => {
      expect(issuesOf(config([redirect(1), redirect(2, { match: 'contains' })]))).toEqual([]);
    });

    it('compares contains phrases by their words, as matching does', () => {
      const first = redirect(1, { query: 'gift card', match: 'contains' });
      expect(issuesOf(config([first, redirect(2, { query: 'Gift-Card', match: 'contains' })]))).toEqual([clash]);
      expect(issuesOf(config([first, redirect(2, { query: 'gift cards', match: 'contains' })]))).toEqual([]);
      // An exact rule is its normalised text: punctuation keeps two queries apart.
      expect(issuesOf(config([redirect(1, { query: 'gift card' }), redirect(2, { query: 'gift-card' })]))).toEqual([]);
    });

    it('does not clash when only one of the rules redirects', () => {
      expect(issuesOf(config([redirect(1), { id: 2, query: 'boots', ...hide }]))).toEqual([]);
      expect(issuesOf(config([{ id: 1, query: 'boots', ...hide }, redirect(2)]))).toEqual([]);
    });

    it('clashes when the markets share one, or either rule has every market', () => {
      expect(
        issuesOf(config([redirect(1, { markets: ['se', 'no'] }), redirect(2, { markets: ['no', 'dk'] })])),
      ).toEqual([clash]);
      expect(issuesOf(config([redirect(1), redirect(2, { markets: ['dk'] })]))).toEqual([clash]);
      expect(issuesOf(config([redirect(1, { markets: ['dk'] }), redirect(2)]))).toEqual([clash]);
    });

    it('does not clash in disjoint markets', () => {
      expect(issuesOf(config([redirect(1, { markets: ['se'] }), redirect(2, { markets: ['no', 'dk'] })]))).toEqual([]);
    });

    it('clashes for overlapping windows, open ones included', () => {
      const [a, b, c] = ['2026-06-01T00:00:00Z', '2026-06-05T00:00:00Z', '2026-06-10T00:00:00Z'];
      expect(
        issuesOf(config([redirect(1, { activeFrom: a, activeUntil: c }), redirect(2, { activeFrom: b })])),
      ).toEqual([clash]);
      expect(
        issuesOf(
          config([
            redirect(1, { activeFrom: b, activeUntil: c }),
            redirect(2, { activeUntil: '2026-06-05T00:00:01Z' }),
          ]),
        ),
      ).toEqual([clash]);
      expect(issuesOf(config([redirect(1, { activeFrom: a, activeUntil: c }), redirect(2)]))).toEqual([clash]);
    });

    it('does not clash for windows that meet (until is exclusive) or are apart', () => {
      const [a, b, c] = ['2026-06-01T00:00:00Z', '2026-06-05T00:00:00Z', '2026-06-10T00:00:00Z'];
      expect(
        issuesOf(
          config([redirect(1, { activeFrom: a, activeUntil: b }), redirect(2, { activeFrom: b, activeUntil: c })]),
        ),
      ).toEqual([]);
      expect(issuesOf(config([redirect(1, { activeFrom: b }), redirect(2, { activeUntil: b })]))).toEqual([]);
      expect(
        issuesOf(config([redirect(1, { activeFrom: a, activeUntil: b }), redirect(2, { activeFrom: c })])),
      ).toEqual([]);
    });
  });

  it('checks rules directly too, with the default facets (null) accepting any key', () => {
    const c = config([{ id: 1, query: 'boots', boost: { size: ['42'] } }]);
    expect(queryRuleIssues(c, null)).toEqual([]);
    expect(queryRuleIssues(c, new Set(['brand']))).toEqual([
      { field: 'queryRules[0].boost.size', message: '"size" is not a facet of this site' },
    ]);
  });

  it('reports every broken rule of one rule', () => {
    const rule: QueryRule = queryRuleSchema.parse({
      id: 1,
      query: 'boots',
      markets: ['fi'],
      bury: { size: ['1'] },
      pin: [{ productId: '1', position: 1 }],
      hide: ['1'],
    });
    const c = config();
    c.queryRules = [rule];
    expect(issuesOf(c).map((i) => i.field)).toEqual([
      'queryRules[0].markets[0]',
      'queryRules[0].pin[0].productId',
      'queryRules[0].bury.size',
    ]);
  });
});

describe('pinHideIssues and filterKeyIssues', () => {
  const collect = () => {
    const found: ConfigIssue[] = [];
    return { found, at: (field: string, message: string) => found.push({ field, message }) };
  };

  it('reports a product pinned twice and hidden once per pin', () => {
    const { found, at } = collect();
    pinHideIssues(
      [
        { productId: '1', position: 1 },
        { productId: '1', position: 2 },
      ],
      ['1'],
      at,
    );
    expect(found).toEqual([
      { field: 'pin[0].productId', message: 'product 1 is both pinned and hidden' },
      { field: 'pin[1].productId', message: 'product 1 is pinned twice' },
      { field: 'pin[1].productId', message: 'product 1 is both pinned and hidden' },
    ]);
  });

  it('reports nothing for distinct pins that are not hidden', () => {
    const { found, at } = collect();
    pinHideIssues(
      [
        { productId: '1', position: 1 },
        { productId: '2', position: 1 },
      ],
      ['3'],
      at,
    );
    expect(found).toEqual([]);
  });

  it('names the field it is given, and reports an unknown key rather than its empty values', () => {
    const { found, at } = collect();
    filterKeyIssues({ nope: [], brand: [], price: ['1-'] }, new Set(['brand']), at, 'boost');
    expect(found).toEqual([
      { field: 'boost.nope', message: '"nope" is not a facet of this site' },
      { field: 'boost.brand', message: 'needs at least one value' },
    ]);
  });
});

describe('synonym entries', () => {
  const entryIssues = (entry: SynonymEntry) => synonymEntryIssues(entry, 'synonyms.en[0]');

  it('accepts terms with letters or digits up to MAX_SYNONYM_WORDS words', () => {
    const longest = Array.from({ length: MAX_SYNONYM_WORDS }, (_, i) => `w${i}`).join(' ');
    expect(entryIssues({ terms: ['tee', longest, '42'] })).toEqual([]);
    expect(entryIssues({ from: 'wellies', to: ['rain boots', longest] })).toEqual([]);
  });

  it('refuses a term without letters or digits', () => {
    expect(entryIssues({ terms: ['tee', '--'] })).toEqual([
      { field: 'synonyms.en[0].terms[1]', message: 'needs at least one letter or digit' },
    ]);
    expect(entryIssues({ from: '!!', to: ['tee'] })).toEqual([
      { field: 'synonyms.en[0].from', message: 'needs at least one letter or digit' },
    ]);
    expect(entryIssues({ from: 'tee', to: ['shirt', '…'] })).toEqual([
      { field: 'synonyms.en[0].to[1]', message: 'needs at least one letter or digit' },
    ]);
  });

  it(`refuses a term of more than ${MAX_SYNONYM_WORDS} words, counting words as the tokenizer does`, () => {
    const tooLong = Array.from({ length: MAX_SYNONYM_WORDS + 1 }, (_, i) => `w${i}`).join(' ');
    const message = `at most ${MAX_SYNONYM_WORDS} words`;
    expect(entryIssues({ terms: ['tee', tooLong] })).toEqual([{ field: 'synonyms.en[0].terms[1]', message }]);
    expect(entryIssues({ from: tooLong, to: ['tee'] })).toEqual([{ field: 'synonyms.en[0].from', message }]);
    expect(entryIssues({ from: 'tee', to: ['a-b-c-d-e-f'] })).toEqual([{ field: 'synonyms.en[0].to[0]', message }]);
    expect(entryIssues({ from: 'tee', to: ['a-b-c-d-e'] })).toEqual([]);
  });

  it('refuses a term repeated in its entry after normalisation, naming the repeat', () => {
    expect(entryIssues({ terms: ['T-Shirt', 'tee', 't shirt'] })).toEqual([
      { field: 'synonyms.en[0].terms[2]', message: '"t shirt" is already in this entry' },
    ]);
    expect(entryIssues({ from: 'Café', to: ['cafe'] })).toEqual([
      { field: 'synonyms.en[0].to[0]', message: '"cafe" is already in this entry' },
    ]);
    expect(entryIssues({ from: 'tee', to: ['shirt', 'Shirt'] })).toEqual([
      { field: 'synonyms.en[0].to[1]', message: '"Shirt" is already in this entry' },
    ]);
  });

  it('does not count terms of other entries as repeats', () => {
    expect(
      synonymIssues({
        en: [{ terms: ['tee', 'shirt'] }, { terms: ['shirt', 'top'] }],
        sv: [{ terms: ['tee', 'shirt'] }],
      }),
    ).toEqual([]);
  });

  it('names the language and entry of a broken term through validateSiteConfig', () => {
    const c = config([], {
      en: [{ terms: ['tee', 'shirt'] }],
      sv: [{ terms: ['tröja', 'topp'] }, { from: 'tröja', to: ['??'] }],
    });
    expect(issuesOf(c)).toEqual([{ field: 'synonyms.sv[1].to[0]', message: 'needs at least one letter or digit' }]);
  });

  it(`refuses more than ${MAX_SYNONYMS_PER_SITE} entries over every language of a site`, () => {
    const entries = (n: number): SynonymEntry[] => Array.from({ length: n }, (_, i) => ({ terms: [`a${i}`, `b${i}`] }));
    const half = MAX_SYNONYMS_PER_SITE / 2;
    expect(synonymIssues({ en: entries(half), sv: entries(half) })).toEqual([]);
    expect(synonymIssues({ en: entries(half), sv: entries(half + 1) })).toEqual([
      {
        field: 'synonyms',
        message: `at most ${MAX_SYNONYMS_PER_SITE} entries per site over every language, found ${MAX_SYNONYMS_PER_SITE + 1}`,
      },
    ]);
  });
});
