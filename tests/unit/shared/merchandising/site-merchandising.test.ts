import { SiteMerchandising } from '../../../../shared/merchandising/site-merchandising';
import { queryRuleSchema, type SiteConfig } from '../../../../shared/storefront-config/schemas';

const SYNONYMS: SiteConfig['synonyms'] = {
  en: [{ terms: ['trainers', 'sneakers'] }],
  de: [{ terms: ['hose', 'beinkleid'] }],
  'de-CH': [{ terms: ['velo', 'fahrrad'] }],
};

const FROM = Date.parse('2026-06-01T00:00:00Z');
const UNTIL = Date.parse('2026-06-08T00:00:00Z');
const RULES = [
  queryRuleSchema.parse({
    id: 1,
    query: 'boots',
    hide: ['1'],
    activeFrom: '2026-06-01T00:00:00Z',
    activeUntil: '2026-06-08T00:00:00Z',
  }),
  queryRuleSchema.parse({
    id: 2,
    query: 'boots',
    match: 'contains',
    markets: ['se'],
    pin: [{ productId: '5', position: 1 }],
  }),
];

const site = (config: Partial<Pick<SiteConfig, 'queryRules' | 'synonyms'>> = {}) =>
  new SiteMerchandising({ queryRules: RULES, synonyms: SYNONYMS, ...config });

describe('SiteMerchandising.synonyms', () => {
  it('rewrites with the set of the language', () => {
    expect(site().synonyms('red trainers', 'en')).toEqual([
      { start: 1, length: 1, alternatives: ['trainers', 'sneakers'] },
    ]);
    expect(site().synonyms('hosen', 'de')).toEqual([{ start: 0, length: 1, alternatives: ['hosen', 'beinkleid'] }]);
  });

  it('falls back to the primary language\'s set: "de-AT" uses "de", stemming in German', () => {
    expect(site().synonyms('hosen', 'de-AT')).toEqual([{ start: 0, length: 1, alternatives: ['hosen', 'beinkleid'] }]);
    expect(site().synonyms('velo', 'de-AT')).toEqual([]);
  });

  it("uses a regional set of its own rather than the primary language's", () => {
    expect(site().synonyms('velo', 'de-CH')).toEqual([{ start: 0, length: 1, alternatives: ['velo', 'fahrrad'] }]);
    expect(site().synonyms('hose', 'de-CH')).toEqual([]);
  });

  it("does not use another language's set", () => {
    expect(site().synonyms('trainers', 'de')).toEqual([]);
    expect(site().synonyms('trainers', 'sv')).toEqual([]);
    expect(site().synonyms('hose', 'en')).toEqual([]);
  });

  it('gives no rewrites for an empty query', () => {
    expect(site().synonyms('', 'en')).toEqual([]);
  });

  it('gives no rewrites without synonyms or with an empty set', () => {
    expect(site({ synonyms: {} }).synonyms('trainers', 'en')).toEqual([]);
    expect(site({ synonyms: { en: [] } }).synonyms('trainers', 'en')).toEqual([]);
  });

  it("keeps each language's index apart on one config version, whichever language searches first", () => {
    const merchandising = site();
    expect(merchandising.synonyms('velo', 'de-CH')).toEqual([
      { start: 0, length: 1, alternatives: ['velo', 'fahrrad'] },
    ]);
    expect(merchandising.synonyms('velo', 'de')).toEqual([]);
    expect(merchandising.synonyms('hosen', 'de-AT')).toEqual([
      { start: 0, length: 1, alternatives: ['hosen', 'beinkleid'] },
    ]);
    expect(merchandising.synonyms('hosen', 'de-CH')).toEqual([]);
    expect(merchandising.synonyms('sneakers', 'en')).toEqual([
      { start: 0, length: 1, alternatives: ['sneakers', 'trainers'] },
    ]);
    expect(merchandising.synonyms('sneakers', 'en')).toEqual([
      { start: 0, length: 1, alternatives: ['sneakers', 'trainers'] },
    ]);
  });
});

describe('SiteMerchandising rules', () => {
  it('combines the effects of the rules that match the query, market and time', () => {
    const inWindow = FROM + 1000;
    expect(site().effects('boots', 'se', inWindow)).toMatchObject({ pins: [{ id: '5', position: 1 }], hide: ['1'] });
    expect(site().effects('boots', 'de', inWindow)).toMatchObject({ pins: [], hide: ['1'] });
    expect(site().effects('boots', 'se', UNTIL)).toMatchObject({ pins: [{ id: '5', position: 1 }], hide: [] });
    expect(site().effects('red boots', 'de', inWindow)).toMatchObject({ pins: [], hide: [] });
  });

  it('passes the window edges on as next change and epoch', () => {
    const merchandising = site();
    expect(merchandising.nextChange(FROM - 1)).toBe(FROM);
    expect(merchandising.nextChange(FROM)).toBe(UNTIL);
    expect(merchandising.nextChange(UNTIL)).toBeNull();
    expect([FROM - 1, FROM, UNTIL - 1, UNTIL].map((t) => merchandising.epoch(t))).toEqual([0, 1, 1, 2]);
  });

  it('has no next change without rules', () => {
    expect(site({ queryRules: [] }).nextChange(FROM)).toBeNull();
    expect(site({ queryRules: [] }).epoch(FROM)).toBe(0);
  });
});
