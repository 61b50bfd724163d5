import { deriveSiteIndexConfig, type TenantFacts } from '../../../../indexer/documents/site-config';

const FACTS: TenantFacts = {
  priceLists: [
    { id: 1, code: 'RETAIL-SEK', currency: 'SEK' },
    { id: 2, code: 'RETAIL-EUR', currency: 'EUR' },
  ],
  contentLanguages: ['en', 'sv'],
  defaultLanguage: 'sv',
  defaultCurrency: 'SEK',
  optionAxes: ['colour', 'size'],
  keyedAttributes: ['material'],
  categoryRoots: [
    { id: 1, name: 'Clothing' },
    { id: 9, name: 'Kök & bad' },
  ],
};

describe('deriveSiteIndexConfig', () => {
  it('makes one market per active price list, in the company language for its own currency and English otherwise', () => {
    expect(deriveSiteIndexConfig(FACTS).markets).toEqual([
      { code: 'retail-sek', language: 'sv', currency: 'SEK', priceListId: 1 },
      { code: 'retail-eur', language: 'en', currency: 'EUR', priceListId: 2 },
    ]);
  });

  it('indexes every content language, the company language first', () => {
    expect(deriveSiteIndexConfig(FACTS).languages).toEqual(['sv', 'en']);
    expect(deriveSiteIndexConfig({ ...FACTS, contentLanguages: ['de', 'en'] }).languages).toEqual(['de', 'en']);
    expect(deriveSiteIndexConfig({ ...FACTS, contentLanguages: [], defaultLanguage: null }).languages).toEqual(['en']);
  });

  it('falls back to the first language when English is not indexed', () => {
    const config = deriveSiteIndexConfig({ ...FACTS, contentLanguages: ['de', 'sv'], defaultLanguage: 'sv' });
    expect(config.markets.map((m) => m.language)).toEqual(['sv', 'sv']);
  });

  it('has facets for brand, each option axis, each keyed attribute and each active category root', () => {
    expect(deriveSiteIndexConfig(FACTS).facets).toEqual([
      { kind: 'brand', key: 'brand' },
      { kind: 'option', key: 'colour', option: 'colour' },
      { kind: 'option', key: 'size', option: 'size' },
      { kind: 'attribute', key: 'material', attribute: 'material' },
      { kind: 'category', key: 'clothing', rootId: 1 },
      { kind: 'category', key: 'kok-bad', rootId: 9 },
    ]);
  });

  it('never uses a reserved key and never repeats a key', () => {
    const facts = {
      ...FACTS,
      optionAxes: ['Price', 'brand'],
      keyedAttributes: ['in stock'],
      categoryRoots: [{ id: 4, name: 'Brand' }],
    };
    const keys = deriveSiteIndexConfig(facts).facets.map((f) => f.key);
    expect(keys).toEqual(['brand', 'price-2', 'brand-2', 'in-stock-2', 'brand-3']);
  });

  it('gives markets distinct codes when price list codes slug alike', () => {
    const facts = {
      ...FACTS,
      priceLists: [
        { id: 1, code: 'Retail SEK', currency: 'SEK' },
        { id: 2, code: 'retail-sek', currency: 'SEK' },
      ],
    };
    expect(deriveSiteIndexConfig(facts).markets.map((m) => m.code)).toEqual(['retail-sek', 'retail-sek-2']);
  });
});
