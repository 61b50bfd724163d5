import { toProductSource } from '../../../../../shared/search/elasticsearch/document-source';
import {
  decodePair,
  decodePrefixPair,
  encodePair,
  encodePrefixPair,
  escapeLuceneRegex,
  labelPrefixRegex,
} from '../../../../../shared/search/elasticsearch/label-pairs';
import { sampleDocument } from './fixture';

describe('label pairs', () => {
  it('round-trips labelled and unlabelled values', () => {
    expect(encodePair('fjallraven', 'Fjällräven')).toBe('fjallraven\u001ffjallraven\u001f=Fjällräven');
    expect(encodePair('XL', null)).toBe('XL\u001fxl\u001f');
    expect(decodePair(encodePair('fjallraven', 'Fjällräven'))).toEqual({
      value: 'fjallraven',
      folded: 'fjallraven',
      label: 'Fjällräven',
    });
    expect(decodePair(encodePair('XL', null))).toEqual({ value: 'XL', folded: 'xl', label: null });
    expect(decodePair(encodePair('x', ''))).toEqual({ value: 'x', folded: '', label: '' });
  });

  it('folded-first pairs lead with the folded label and round-trip', () => {
    expect(encodePrefixPair('fjallraven', 'Fjällräven')).toBe('fjallraven\u001ffjallraven\u001f=Fjällräven');
    expect(encodePrefixPair('XL', 'Extra Large')).toBe('extra large\u001fXL\u001f=Extra Large');
    expect(decodePrefixPair(encodePrefixPair('XL', 'Extra Large'))).toEqual({
      value: 'XL',
      folded: 'extra large',
      label: 'Extra Large',
    });
    expect(decodePrefixPair(encodePrefixPair('XL', null))).toEqual({ value: 'XL', folded: 'xl', label: null });
    expect(decodePrefixPair('Shoes')).toEqual({ value: 'Shoes', folded: 'shoes', label: null });
  });

  it('decodes a bare value key (unanalysed language) as unlabelled', () => {
    expect(decodePair('Shoes/Running')).toEqual({ value: 'Shoes/Running', folded: 'shoes/running', label: null });
  });

  it('pairs sort like their values', () => {
    const values = ['a b', 'a', 'ab'];
    const pairs = values.map((v) => encodePair(v, 'zzz')).sort();
    expect(pairs.map((p) => decodePair(p).value)).toEqual([...values].sort());
  });

  it('escapes every regex operator of Lucene', () => {
    expect(escapeLuceneRegex('a.b*c|d(e)[f]{g}"h\\i#j@k&l<m>n~o?p+q')).toBe(
      'a\\.b\\*c\\|d\\(e\\)\\[f\\]\\{g\\}\\"h\\\\i\\#j\\@k\\&l\\<m\\>n\\~o\\?p\\+q',
    );
    expect(labelPrefixRegex('sko')).toBe('sko.*');
  });
});

describe('product source', () => {
  it('maps a document for the index languages only, with SKU terms and label pairs per language', () => {
    expect(toProductSource(sampleDocument(), ['en', 'sv'])).toEqual({
      id: 'p1',
      markets: ['se'],
      popularity: 7,
      text: { en: { name: 'Trail Shoe', brand: 'Nike', description: 'Grippy' } },
      skuTerms: ['nk', 'run', '1', 'nkrun1'],
      facets: { brand: ['nike'], category: ['shoes', 'shoes/running'] },
      facetLabels: {
        brand: { en: ['nike\u001fnike\u001f=Nike'], sv: ['nike\u001fnike se\u001f=Nike SE'] },
        category: {
          en: ['shoes\u001fshoes\u001f=Shoes', 'shoes/running\u001fshoes/running\u001f'],
          sv: ['shoes\u001fshoes\u001f', 'shoes/running\u001fshoes/running\u001f'],
        },
      },
      facetPrefixes: {
        brand: { en: ['nike\u001fnike\u001f=Nike'], sv: ['nike se\u001fnike\u001f=Nike SE'] },
        category: {
          en: ['shoes\u001fshoes\u001f=Shoes', 'shoes/running\u001fshoes/running\u001f'],
          sv: ['shoes\u001fshoes\u001f', 'shoes/running\u001fshoes/running\u001f'],
        },
      },
      numbers: { 'price.se': 999 },
      flags: { 'inStock.se': true },
      sortKeys: { name: { en: 'trail shoe' }, createdAt: 1700000000000 },
      card: { id: 'p1', name: 'Trail Shoe' },
    });
  });

  it('defaults popularity to 0 and de-duplicates SKU terms', () => {
    const { popularity: _omit, ...rest } = sampleDocument({ skus: ['AB', 'ab'] });
    const source = toProductSource(rest, ['en']);
    expect(source.popularity).toBe(0);
    expect(source.skuTerms).toEqual(['ab']);
  });
});
