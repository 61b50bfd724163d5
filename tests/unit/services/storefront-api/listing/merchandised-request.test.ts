import type { z } from 'zod';
import {
  merchandisedRequest,
  withRuleFilters,
} from '../../../../../services/storefront-api/listing/merchandised-request';
import { NO_EFFECTS, type RuleEffects } from '../../../../../shared/merchandising/rule-effects';
import { collectionSchema, type Collection } from '../../../../../shared/storefront-config/schemas';
import { catalogue } from '../../../../support/site-catalogue-fixture';

const chosen = (filters: Record<string, string[]>) =>
  new Map(Object.entries(filters).map(([key, values]) => [key, { values }]));
const ruleFilters = (filters: Record<string, string[]>) => new Map(Object.entries(filters));
const asObject = (filters: Map<string, { values: string[] }>) =>
  Object.fromEntries([...filters].map(([key, { values }]) => [key, values]));

describe('withRuleFilters', () => {
  it("returns the shopper's filters as they are when the rules filter nothing", () => {
    const own = chosen({ brand: ['acme'] });
    expect(withRuleFilters(own, new Map())).toBe(own);
  });

  it("adds a rule's filter for a facet the shopper did not filter", () => {
    expect(asObject(withRuleFilters(chosen({ brand: ['acme'] }), ruleFilters({ colour: ['red'] })))).toEqual({
      brand: ['acme'],
      colour: ['red'],
    });
    expect(asObject(withRuleFilters(new Map(), ruleFilters({ colour: ['red'], fit: ['slim'] })))).toEqual({
      colour: ['red'],
      fit: ['slim'],
    });
  });

  it("lets the shopper's own values for a facet replace the rule's", () => {
    expect(asObject(withRuleFilters(chosen({ colour: ['blue', 'green'] }), ruleFilters({ colour: ['red'] })))).toEqual({
      colour: ['blue', 'green'],
    });
  });

  it("keeps the shopper's values when only some of them are empty", () => {
    expect(asObject(withRuleFilters(chosen({ colour: ['', 'blue'] }), ruleFilters({ colour: ['red'] })))).toEqual({
      colour: ['', 'blue'],
    });
  });

  it("removes the rule's filter, and the empty choice with it, when the shopper's value is empty", () => {
    expect(
      asObject(withRuleFilters(chosen({ colour: [''], brand: ['acme'] }), ruleFilters({ colour: ['red'] }))),
    ).toEqual({ brand: ['acme'] });
    expect(asObject(withRuleFilters(chosen({ colour: ['', ''] }), ruleFilters({ colour: ['red'] })))).toEqual({});
  });

  it('leaves an empty shopper value for a facet no rule filters (it is then warned about as usual)', () => {
    expect(asObject(withRuleFilters(chosen({ brand: [''] }), ruleFilters({ colour: ['red'] })))).toEqual({
      brand: [''],
      colour: ['red'],
    });
  });

  it("does not change the shopper's map", () => {
    const own = chosen({ colour: [''], brand: ['acme'] });
    withRuleFilters(own, ruleFilters({ colour: ['red'], fit: ['slim'] }));
    expect(asObject(own)).toEqual({ colour: [''], brand: ['acme'] });
  });
});

describe('merchandisedRequest', () => {
  const site = catalogue({ synonyms: { en: [{ terms: ['trainers', 'sneakers'] }] } });
  const effects = (extra: Partial<RuleEffects>): RuleEffects => ({ ...NO_EFFECTS, filter: new Map(), ...extra });
  const collection = (extra: Partial<z.input<typeof collectionSchema>>): Collection =>
    collectionSchema.parse({ id: 50, slugs: { en: 'c' }, names: { en: 'C' }, filter: { all: [] }, ...extra });
  const request = (input: Partial<Parameters<typeof merchandisedRequest>[0]> = {}) =>
    merchandisedRequest({
      q: '',
      language: 'en',
      market: 'm1',
      collection: null,
      effects: NO_EFFECTS,
      catalogue: site,
      ...input,
    });

  it('sets no field when nothing applies', () => {
    expect(request()).toEqual({});
    expect(request({ q: 'boots' })).toEqual({});
    expect(request({ collection: collection({}) })).toEqual({});
  });

  it("sets synonyms from the site's set for the language", () => {
    expect(request({ q: 'red trainers' })).toEqual({
      synonyms: [{ start: 1, length: 1, alternatives: ['trainers', 'sneakers'] }],
    });
    expect(request({ q: 'red trainers', language: 'sv' })).toEqual({});
  });

  it("sets the rules' pins", () => {
    expect(request({ effects: effects({ pins: [{ id: '1', position: 2 }] }) })).toEqual({
      pins: [{ id: '1', position: 2 }],
    });
  });

  it("puts the rules' pins before the collection's, a product pinned by both keeping the rule's place", () => {
    const shoes = collection({
      pin: [
        { productId: '3', position: 1 },
        { productId: '1', position: 5 },
      ],
    });
    const out = request({
      collection: shoes,
      effects: effects({
        pins: [
          { id: '1', position: 2 },
          { id: '2', position: 4 },
        ],
      }),
    });
    expect(out.pins).toEqual([
      { id: '1', position: 2 },
      { id: '2', position: 4 },
      { id: '3', position: 1 },
    ]);
  });

  it("sets the collection's pins alone when no rule pins", () => {
    expect(request({ collection: collection({ pin: [{ productId: '9', position: 3 }] }) })).toEqual({
      pins: [{ id: '9', position: 3 }],
    });
  });

  it("does not change the effects' pins", () => {
    const ruled = effects({ pins: [{ id: '1', position: 2 }] });
    request({ collection: collection({ pin: [{ productId: '3', position: 1 }] }), effects: ruled });
    expect(ruled.pins).toEqual([{ id: '1', position: 2 }]);
  });

  it("unions the collection's and the rules' hides", () => {
    expect(request({ collection: collection({ hide: ['1', '2'] }), effects: effects({ hide: ['2', '3'] }) })).toEqual({
      hide: ['1', '2', '3'],
    });
    expect(request({ effects: effects({ hide: ['4'] }) })).toEqual({ hide: ['4'] });
    expect(request({ collection: collection({ hide: ['5'] }) })).toEqual({ hide: ['5'] });
  });

  it("converts boost and bury filter maps to engine filters with the site's facets, each map one set", () => {
    const out = request({
      effects: effects({
        boost: [{ brand: ['acme'], colour: ['red'] }, { features: ['vegan', 'waterproof'] }],
        bury: [{ category: ['1/3'] }],
      }),
    });
    expect(out).toEqual({
      boost: [
        [
          { kind: 'terms', key: 'brand', values: ['acme'], match: 'any' },
          { kind: 'terms', key: 'colour', values: ['red'], match: 'any' },
        ],
        [{ kind: 'terms', key: 'features', values: ['vegan', 'waterproof'], match: 'all' }],
      ],
      bury: [[{ kind: 'hierarchy', key: 'category', paths: ['1/3'], match: 'any' }]],
    });
  });

  it("converts market-dependent facets for the listing's market", () => {
    const priced = effects({ boost: [{ price: ['10-50'] }], bury: [{ 'in-stock': ['true'] }] });
    expect(request({ effects: priced, market: 'm1' })).toEqual({
      boost: [[{ kind: 'range', key: 'price.m1', min: 10, max: 50 }]],
      bury: [[{ kind: 'toggle', key: 'inStock.m1' }]],
    });
    expect(request({ effects: priced, market: 'm2' })).toEqual({
      boost: [[{ kind: 'range', key: 'price.m2', min: 10, max: 50 }]],
      bury: [[{ kind: 'toggle', key: 'inStock.m2' }]],
    });
  });

  it('drops a boost or bury with no facet of the site, keeping the others', () => {
    const out = request({
      effects: effects({ boost: [{ nope: ['x'] }, { brand: ['acme'] }], bury: [{ nope: ['y'] }] }),
    });
    expect(out).toEqual({ boost: [[{ kind: 'terms', key: 'brand', values: ['acme'], match: 'any' }]] });
  });

  it("keeps only the site's facets of a boost that names some others", () => {
    const out = request({ effects: effects({ boost: [{ nope: ['x'], brand: ['acme'] }] }) });
    expect(out.boost).toEqual([[{ kind: 'terms', key: 'brand', values: ['acme'], match: 'any' }]]);
  });

  it('drops a boost whose values all convert to nothing', () => {
    expect(request({ effects: effects({ boost: [{ weight: ['heavy'] }, { brand: [''] }] }) })).toEqual({});
  });

  it('sets every field at once when everything applies', () => {
    const out = request({
      q: 'trainers',
      collection: collection({ pin: [{ productId: '2', position: 1 }], hide: ['3'] }),
      effects: effects({
        pins: [{ id: '1', position: 1 }],
        hide: ['4'],
        boost: [{ brand: ['acme'] }],
        bury: [{ brand: ['zed'] }],
      }),
    });
    expect(Object.keys(out).sort()).toEqual(['boost', 'bury', 'hide', 'pins', 'synonyms']);
  });
});
