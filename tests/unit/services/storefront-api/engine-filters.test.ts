import { toEngineFilters } from '../../../../services/storefront-api/listing/engine-filters';
import { catalogue } from '../../../support/site-catalogue-fixture';

const facets = catalogue().facetsByKey;
const run = (filters: Record<string, string[]>, market = 'm1') =>
  toEngineFilters(new Map(Object.entries(filters).map(([k, values]) => [k, { values }])), facets, market);
const ignored = (facet: string, value: string, detail: string) => ({ code: 'FILTER_IGNORED', facet, value, detail });

describe('toEngineFilters: value facets (rules 6, 10, 11)', () => {
  it('ORs the values of an `any` list facet', () => {
    expect(run({ brand: ['acme', 'zed'] })).toEqual({
      filters: [{ kind: 'terms', key: 'brand', values: ['acme', 'zed'], match: 'any' }],
      applied: [
        { facet: 'brand', value: 'acme' },
        { facet: 'brand', value: 'zed' },
      ],
      warnings: [],
    });
  });

  it('ANDs the values of an `all` facet', () => {
    expect(run({ features: ['waterproof', 'vegan'] })).toEqual({
      filters: [{ kind: 'terms', key: 'features', values: ['waterproof', 'vegan'], match: 'all' }],
      applied: [
        { facet: 'features', value: 'waterproof' },
        { facet: 'features', value: 'vegan' },
      ],
      warnings: [],
    });
  });

  it('keeps the first value of a `single` facet and ignores the rest with a warning', () => {
    expect(run({ fit: ['slim', 'loose', 'wide'] })).toEqual({
      filters: [{ kind: 'terms', key: 'fit', values: ['slim'], match: 'any' }],
      applied: [{ facet: 'fit', value: 'slim' }],
      warnings: [
        ignored('fit', 'loose', 'this facet takes a single value'),
        ignored('fit', 'wide', 'this facet takes a single value'),
      ],
    });
  });

  it('filters a swatch facet by terms', () => {
    expect(run({ colour: ['red'] }).filters).toEqual([{ kind: 'terms', key: 'colour', values: ['red'], match: 'any' }]);
  });

  it('filters a hierarchy facet by subtree paths', () => {
    expect(run({ category: ['1/3', '2'] })).toEqual({
      filters: [{ kind: 'hierarchy', key: 'category', paths: ['1/3', '2'], match: 'any' }],
      applied: [
        { facet: 'category', value: '1/3' },
        { facet: 'category', value: '2' },
      ],
      warnings: [],
    });
  });

  it('passes values through raw (commas and backslashes already unescaped), whatever the market', () => {
    expect(run({ brand: ['a,b', 'c\\d'] }, 'm2').filters).toEqual([
      { kind: 'terms', key: 'brand', values: ['a,b', 'c\\d'], match: 'any' },
    ]);
  });

  it('ignores empty values with a warning and sends no filter when nothing is left', () => {
    expect(run({ brand: [''] })).toEqual({
      filters: [],
      applied: [],
      warnings: [ignored('brand', '', 'an empty value')],
    });
    expect(run({ brand: ['', 'acme'] })).toEqual({
      filters: [{ kind: 'terms', key: 'brand', values: ['acme'], match: 'any' }],
      applied: [{ facet: 'brand', value: 'acme' }],
      warnings: [ignored('brand', '', 'an empty value')],
    });
  });
});

describe('toEngineFilters: ranges (rule 7)', () => {
  it.each([
    ['10-50', 10, 50],
    ['10-', 10, null],
    ['-50', null, 50],
    ['-10--2', -10, -2],
    ['-10-', -10, null],
    ['--2', null, -2],
  ])('filters price %j on the market field', (value, min, max) => {
    expect(run({ price: [value] }, 'm2')).toEqual({
      filters: [{ kind: 'range', key: 'price.m2', min, max }],
      applied: [{ facet: 'price', value }],
      warnings: [],
    });
  });

  it('filters a configured range facet on its own field', () => {
    expect(run({ weight: ['0.5-2'] }).filters).toEqual([{ kind: 'range', key: 'weight', min: 0.5, max: 2 }]);
  });

  it('ignores an inverted range with a warning, never an error', () => {
    expect(run({ price: ['50-10'] })).toEqual({
      filters: [],
      applied: [],
      warnings: [
        {
          code: 'RANGE_INVERTED',
          facet: 'price',
          value: '50-10',
          detail: 'the lower bound is above the upper bound; the range is ignored',
        },
      ],
    });
    expect(run({ price: ['-2--10'] }).warnings.map((w) => w.code)).toEqual(['RANGE_INVERTED']);
  });

  it.each(['abc', '10', '-', '10-50-', '1e3-5'])('ignores the unparseable range %j', (value) => {
    expect(run({ price: [value] })).toEqual({
      filters: [],
      applied: [],
      warnings: [ignored('price', value, 'not a range such as 10-50, -50 or 10-')],
    });
  });

  it('takes one range and ignores the others', () => {
    expect(run({ price: ['10-20', '30-40'] })).toEqual({
      filters: [{ kind: 'range', key: 'price.m1', min: 10, max: 20 }],
      applied: [{ facet: 'price', value: '10-20' }],
      warnings: [ignored('price', '30-40', 'a range facet takes one range')],
    });
  });

  it('reads the first non-empty value as the range', () => {
    expect(run({ price: ['', '5-'] })).toEqual({
      filters: [{ kind: 'range', key: 'price.m1', min: 5, max: null }],
      applied: [{ facet: 'price', value: '5-' }],
      warnings: [ignored('price', '', 'an empty value')],
    });
  });
});

describe('toEngineFilters: toggles (rule 8)', () => {
  it('opts in with true, on the market field for in-stock', () => {
    expect(run({ 'in-stock': ['true'] }, 'm2')).toEqual({
      filters: [{ kind: 'toggle', key: 'inStock.m2' }],
      applied: [{ facet: 'in-stock', value: 'true' }],
      warnings: [],
    });
    expect(run({ organic: ['true'] }).filters).toEqual([{ kind: 'toggle', key: 'organic' }]);
  });

  it('treats false as no opinion: no filter and no warning', () => {
    expect(run({ 'in-stock': ['false'] })).toEqual({ filters: [], applied: [], warnings: [] });
  });

  it('applies true once, beside false', () => {
    expect(run({ 'in-stock': ['false', 'true'] })).toEqual({
      filters: [{ kind: 'toggle', key: 'inStock.m1' }],
      applied: [{ facet: 'in-stock', value: 'true' }],
      warnings: [],
    });
  });

  it.each(['TRUE', 'yes', '1', 'on', ' true'])('ignores %j with a warning', (value) => {
    expect(run({ 'in-stock': [value] })).toEqual({
      filters: [],
      applied: [],
      warnings: [ignored('in-stock', value, 'a toggle takes true or false')],
    });
  });
});

describe('toEngineFilters: unknown facets (rule 5)', () => {
  it('ignores an unknown facet with its values in the warning, and applies the rest', () => {
    expect(run({ nope: ['a', 'b,c'], Brand: ['x'], brand: ['acme'] })).toEqual({
      filters: [{ kind: 'terms', key: 'brand', values: ['acme'], match: 'any' }],
      applied: [{ facet: 'brand', value: 'acme' }],
      warnings: [
        ignored('nope', 'a,b,c', 'not a facet of this site'),
        ignored('Brand', 'x', 'not a facet of this site'),
      ],
    });
  });

  it('knows only the zero-config facets on a site without facet configuration', () => {
    const zero = catalogue({ facets: [] }).facetsByKey;
    const out = toEngineFilters(
      new Map([
        ['features', { values: ['x'] }],
        ['clothing', { values: ['1/4'] }],
        ['size', { values: ['m', 'l'] }],
      ]),
      zero,
      'm1',
    );
    expect(out).toEqual({
      filters: [
        { kind: 'hierarchy', key: 'clothing', paths: ['1/4'], match: 'any' },
        { kind: 'terms', key: 'size', values: ['m', 'l'], match: 'any' },
      ],
      applied: [
        { facet: 'clothing', value: '1/4' },
        { facet: 'size', value: 'm' },
        { facet: 'size', value: 'l' },
      ],
      warnings: [ignored('features', 'x', 'not a facet of this site')],
    });
  });

  it('returns nothing for no filters', () => {
    expect(run({})).toEqual({ filters: [], applied: [], warnings: [] });
  });

  it('keeps the order of the filters as given', () => {
    expect(run({ 'in-stock': ['true'], price: ['1-2'], brand: ['a'] }).filters.map((f) => f.kind)).toEqual([
      'toggle',
      'range',
      'terms',
    ]);
  });
});
