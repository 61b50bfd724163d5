import type { TermsFilter } from '../../../../../shared/search';
import { facetRelaxes, isRelaxable } from '../../../../../shared/search/facet-relaxation';
import {
  allOf,
  filterClause,
  filterClauses,
  marketClause,
} from '../../../../../shared/search/elasticsearch/filter-clauses';

describe('filter clauses', () => {
  it('terms any is one terms query on the facet keyword', () => {
    expect(filterClause({ kind: 'terms', key: 'color', values: ['red', 'blue'], match: 'any' })).toEqual({
      terms: { 'facets.color': ['red', 'blue'] },
    });
  });

  it('terms all requires every value', () => {
    expect(filterClause({ kind: 'terms', key: 'material', values: ['wool', 'silk'], match: 'all' })).toEqual({
      bool: { filter: [{ term: { 'facets.material': 'wool' } }, { term: { 'facets.material': 'silk' } }] },
    });
  });

  it('hierarchy any matches the subtree through the indexed ancestor paths', () => {
    expect(
      filterClause({ kind: 'hierarchy', key: 'category', paths: ['shoes/running', 'bags'], match: 'any' }),
    ).toEqual({
      terms: { 'facets.category': ['shoes/running', 'bags'] },
    });
  });

  it('hierarchy all requires every path', () => {
    expect(filterClause({ kind: 'hierarchy', key: 'category', paths: ['shoes', 'sale'], match: 'all' })).toEqual({
      bool: { filter: [{ term: { 'facets.category': 'shoes' } }, { term: { 'facets.category': 'sale' } }] },
    });
  });

  it('an empty value list constrains nothing and is dropped', () => {
    expect(filterClause({ kind: 'terms', key: 'color', values: [], match: 'any' })).toBeNull();
    expect(
      filterClauses([
        { kind: 'hierarchy', key: 'c', paths: [], match: 'all' },
        { kind: 'toggle', key: 'inStock.se' },
      ]),
    ).toEqual([{ term: { 'flags.inStock.se': true } }]);
  });

  it('range with both bounds, inclusive, negative allowed', () => {
    expect(filterClause({ kind: 'range', key: 'temp', min: -10, max: -2 })).toEqual({
      range: { 'numbers.temp': { gte: -10, lte: -2 } },
    });
  });

  it('range open below or above keeps only the given bound', () => {
    expect(filterClause({ kind: 'range', key: 'price.se', min: null, max: -2 })).toEqual({
      range: { 'numbers.price.se': { lte: -2 } },
    });
    expect(filterClause({ kind: 'range', key: 'price.se', min: -10, max: null })).toEqual({
      range: { 'numbers.price.se': { gte: -10 } },
    });
  });

  it('range open on both ends still requires the number', () => {
    expect(filterClause({ kind: 'range', key: 'weight', min: null, max: null })).toEqual({
      exists: { field: 'numbers.weight' },
    });
  });

  it('range with min above max matches nothing', () => {
    expect(filterClause({ kind: 'range', key: 'weight', min: 5, max: 1 })).toEqual({ match_none: {} });
  });

  it('toggle matches a true flag', () => {
    expect(filterClause({ kind: 'toggle', key: 'inStock.se' })).toEqual({ term: { 'flags.inStock.se': true } });
  });

  it('market is a term on markets; no clauses is match_all', () => {
    expect(marketClause('se')).toEqual({ term: { markets: 'se' } });
    expect(allOf([])).toEqual({ match_all: {} });
    expect(allOf([marketClause('se')])).toEqual({ bool: { filter: [{ term: { markets: 'se' } }] } });
  });

  it('only any selections and ranges are relaxable', () => {
    expect(isRelaxable({ kind: 'terms', key: 'a', values: ['x'], match: 'any' })).toBe(true);
    expect(isRelaxable({ kind: 'terms', key: 'a', values: ['x'], match: 'all' })).toBe(false);
    expect(isRelaxable({ kind: 'range', key: 'a', min: 1, max: 2 })).toBe(true);
    expect(isRelaxable({ kind: 'toggle', key: 'a' })).toBe(false);
  });

  it('a facet relaxes only its own key: any selections for value facets, every range for range facets', () => {
    const anyColor: TermsFilter = { kind: 'terms', key: 'color', values: ['red'], match: 'any' };
    expect(facetRelaxes({ kind: 'terms', key: 'color' }, anyColor)).toBe(true);
    expect(facetRelaxes({ kind: 'hierarchy', key: 'color' }, anyColor)).toBe(true);
    expect(facetRelaxes({ kind: 'terms', key: 'size' }, anyColor)).toBe(false);
    expect(facetRelaxes({ kind: 'terms', key: 'color' }, { ...anyColor, match: 'all' })).toBe(false);
    expect(
      facetRelaxes({ kind: 'range', key: 'price.se' }, { kind: 'range', key: 'price.se', min: 1, max: null }),
    ).toBe(true);
    expect(
      facetRelaxes({ kind: 'terms', key: 'price.se' }, { kind: 'range', key: 'price.se', min: 1, max: null }),
    ).toBe(false);
  });
});
