import type { z } from 'zod';
import { enginePins, NO_EFFECTS, ruleEffects } from '../../../../shared/merchandising/rule-effects';
import type { Pin } from '../../../../shared/search/merchandising';
import { pinSchema, queryRuleSchema, type QueryRule } from '../../../../shared/storefront-config/schemas';

let nextId = 1;
const rule = (extra: Partial<z.input<typeof queryRuleSchema>>): QueryRule =>
  queryRuleSchema.parse({ id: nextId++, query: 'boots', ...extra });
const pin = (productId: string, position: number) => pinSchema.parse({ productId, position });

describe('ruleEffects', () => {
  it('is NO_EFFECTS for no rules', () => {
    expect(ruleEffects([])).toBe(NO_EFFECTS);
    expect(NO_EFFECTS).toEqual({ redirect: null, pins: [], hide: [], boost: [], bury: [], filter: new Map() });
  });

  it("carries one rule's effects over", () => {
    const only = rule({
      target: { kind: 'url', url: 'https://shop.example/boots' },
      pin: [{ productId: '7', position: 1 }],
      hide: ['8'],
      boost: { brand: ['acme'] },
      bury: { colour: ['pink'] },
      filter: { category: ['1/3'] },
    });
    expect(ruleEffects([only])).toEqual({
      redirect: { kind: 'url', url: 'https://shop.example/boots' },
      pins: [{ id: '7', position: 1 }],
      hide: ['8'],
      boost: [{ brand: ['acme'] }],
      bury: [{ colour: ['pink'] }],
      filter: new Map([['category', ['1/3']]]),
    });
  });

  it('gives rules that do nothing in a field nothing there (not NO_EFFECTS itself)', () => {
    const effects = ruleEffects([rule({ hide: ['1'] })]);
    expect(effects).not.toBe(NO_EFFECTS);
    expect(effects).toEqual({ redirect: null, pins: [], hide: ['1'], boost: [], bury: [], filter: new Map() });
  });

  describe('redirect', () => {
    it("takes the first rule's redirect, skipping rules without one", () => {
      const effects = ruleEffects([
        rule({ hide: ['1'] }),
        rule({ target: { kind: 'collection', collectionId: 5 } }),
        rule({ target: { kind: 'url', url: 'https://shop.example/later' } }),
      ]);
      expect(effects.redirect).toEqual({ kind: 'collection', collectionId: 5 });
    });

    it('is null when no rule redirects', () => {
      expect(
        ruleEffects([rule({ hide: ['1'] }), rule({ pin: [{ productId: '2', position: 1 }] })]).redirect,
      ).toBeNull();
    });
  });

  describe('pins', () => {
    it("merges every rule's pins in rule order", () => {
      const effects = ruleEffects([
        rule({
          pin: [
            { productId: '1', position: 3 },
            { productId: '2', position: 1 },
          ],
        }),
        rule({ pin: [{ productId: '3', position: 2 }] }),
      ]);
      expect(effects.pins).toEqual([
        { id: '1', position: 3 },
        { id: '2', position: 1 },
        { id: '3', position: 2 },
      ]);
    });

    it('keeps the first place of a product pinned by two rules', () => {
      const effects = ruleEffects([
        rule({ pin: [{ productId: '1', position: 4 }] }),
        rule({
          pin: [
            { productId: '2', position: 2 },
            { productId: '1', position: 1 },
          ],
        }),
      ]);
      expect(effects.pins).toEqual([
        { id: '1', position: 4 },
        { id: '2', position: 2 },
      ]);
    });

    it('names products by string ids (numeric ids in the config are read as strings)', () => {
      expect(ruleEffects([rule({ pin: [{ productId: 42, position: 1 }] })]).pins).toEqual([{ id: '42', position: 1 }]);
    });
  });

  it('unions the hides in order of first appearance', () => {
    expect(ruleEffects([rule({ hide: ['1', '2'] }), rule({ hide: ['2', '3'] }), rule({ hide: ['1'] })]).hide).toEqual([
      '1',
      '2',
      '3',
    ]);
  });

  it('collects every boost and bury in rule order, each as its own set', () => {
    const effects = ruleEffects([
      rule({ boost: { brand: ['acme'] }, bury: { colour: ['pink'] } }),
      rule({ hide: ['1'] }),
      rule({ boost: { brand: ['acme'] } }),
      rule({ bury: { brand: ['zed'], fit: ['slim'] } }),
    ]);
    expect(effects.boost).toEqual([{ brand: ['acme'] }, { brand: ['acme'] }]);
    expect(effects.bury).toEqual([{ colour: ['pink'] }, { brand: ['zed'], fit: ['slim'] }]);
  });

  it('lets the first rule to filter a facet decide it, and takes other facets from later rules', () => {
    const effects = ruleEffects([
      rule({ filter: { brand: ['acme'] } }),
      rule({ filter: { brand: ['zed'], colour: ['red'] } }),
      rule({ filter: { colour: ['blue'], fit: ['slim'] } }),
    ]);
    expect(effects.filter).toEqual(
      new Map([
        ['brand', ['acme']],
        ['colour', ['red']],
        ['fit', ['slim']],
      ]),
    );
    expect([...effects.filter.keys()]).toEqual(['brand', 'colour', 'fit']);
  });

  it('does not change NO_EFFECTS or the rules', () => {
    const first = rule({ pin: [{ productId: '1', position: 1 }], hide: ['2'] });
    const second = rule({ pin: [{ productId: '3', position: 1 }], hide: ['4'] });
    const copy = structuredClone([first, second]);
    ruleEffects([first, second]);
    expect([first, second]).toEqual(copy);
    expect(NO_EFFECTS).toEqual({ redirect: null, pins: [], hide: [], boost: [], bury: [], filter: new Map() });
  });
});

describe('enginePins', () => {
  it('turns configured pins into engine pins in order', () => {
    expect(enginePins([pin('1', 2), pin('2', 1)])).toEqual([
      { id: '1', position: 2 },
      { id: '2', position: 1 },
    ]);
  });

  it('keeps the first place of a product pinned twice', () => {
    expect(enginePins([pin('1', 2), pin('1', 5), pin('2', 2)])).toEqual([
      { id: '1', position: 2 },
      { id: '2', position: 2 },
    ]);
  });

  it('appends to the given pins, skipping products already there, and returns that array', () => {
    const into: Pin[] = [{ id: '1', position: 9 }];
    const out = enginePins([pin('1', 1), pin('3', 3)], into);
    expect(out).toBe(into);
    expect(into).toEqual([
      { id: '1', position: 9 },
      { id: '3', position: 3 },
    ]);
  });

  it('gives no pins for none', () => {
    expect(enginePins([])).toEqual([]);
  });
});
