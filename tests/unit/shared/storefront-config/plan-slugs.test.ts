import fc from 'fast-check';
import {
  planSlugs,
  slugKey,
  type SlugChange,
  type SlugState,
  type SlugWant,
} from '../../../../shared/storefront-config/slugs/plan-slugs';
import { slugify } from '../../../../shared/storefront-config/slugs/slugify';

/** A slug store in memory: every slug ever minted keeps its owner; each (language, entity) has one current slug. */
class ModelStore {
  readonly owners = new Map<string, string>();
  readonly current = new Map<string, string>();
  readonly bases = new Map<string, string>();

  state(): SlugState {
    return {
      current: new Map([...this.current].map(([key, slug]) => [key, { slug, base: this.bases.get(key) ?? '' }])),
      owners: new Map(this.owners),
    };
  }

  /** Applies the changes as the database store does, failing on any change that would share a slug. */
  apply(changes: readonly SlugChange[]): void {
    for (const change of changes) {
      const owner = this.owners.get(slugKey(change.language, change.slug));
      if (change.kind === 'mint' && owner !== undefined) throw new Error(`minted ${change.slug}, owned by ${owner}`);
      if (change.kind === 'reactivate' && owner !== change.entityId)
        throw new Error(`reactivated ${change.slug} of ${owner} for ${change.entityId}`);
      this.owners.set(slugKey(change.language, change.slug), change.entityId);
      this.current.set(slugKey(change.language, change.entityId), change.slug);
      this.bases.set(slugKey(change.language, change.entityId), change.base);
    }
  }

  /** Plans the wants against the store, applies the changes, and returns the planned slugs by `language\0entity`. */
  run(wants: readonly SlugWant[]): { slugs: Map<string, string>; changes: SlugChange[] } {
    const result = planSlugs(wants, this.state());
    this.apply(result.changes);
    return result;
  }

  /** Names an entity in English and returns its slug. */
  name(entityId: string, text: string, language = 'en'): string {
    const { slugs } = this.run([{ entityId, language, base: slugify(text) }]);
    const slug = slugs.get(slugKey(language, entityId));
    if (slug === undefined) throw new Error('no slug planned');
    return slug;
  }
}

/** True when `slug` is `base` itself or `base` with a collision suffix (`base-2`, `base-3`, ...). */
function isSlugOf(slug: string, base: string): boolean {
  if (slug === base) return true;
  return slug.startsWith(`${base}-`) && /^[2-9]\d*$|^[1-9]\d+$/.test(slug.slice(base.length + 1));
}

const want = (entityId: string, base: string, language = 'en'): SlugWant => ({ entityId, language, base });

describe('slugify', () => {
  it.each([
    ['Café Crème', 'cafe-creme'],
    ['Smørbrød', 'smorbrod'],
    ['Æble', 'aeble'],
    ['Łódź', 'lodz'],
    ['Œuvre', 'oeuvre'],
    ['Þing', 'thing'],
    ['Đakovo', 'dakovo'],
    ['Größe', 'grosse'],
    ['  T-shirt -- (Blå)  ', 't-shirt-bla'],
    ['Size 42', 'size-42'],
  ])('%s -> %s', (text, slug) => expect(slugify(text)).toBe(slug));

  it('never yields an empty slug, and keys symbol-only texts apart', () => {
    expect(slugify('---')).not.toBe('');
    expect(slugify('★')).not.toBe(slugify('☆'));
  });
});

describe('planSlugs', () => {
  it('mints the base for a new entity', () => {
    const { slugs, changes } = planSlugs([want('1', slugify('Café Crème'))], { current: new Map(), owners: new Map() });
    expect(slugs).toEqual(new Map([[slugKey('en', '1'), 'cafe-creme']]));
    expect(changes).toEqual([{ entityId: '1', language: 'en', slug: 'cafe-creme', base: 'cafe-creme', kind: 'mint' }]);
  });

  it('suffixes -2, -3 when other entities hold the base, across runs', () => {
    const store = new ModelStore();
    expect(store.name('1', 'Shirt')).toBe('shirt');
    expect(store.name('2', 'SHIRT')).toBe('shirt-2');
    expect(store.name('3', 'shirt!')).toBe('shirt-3');
  });

  it('never mints a reserved slug, and gives up a reserved one an entity has', () => {
    const reserved = new Set(['facets']);
    const fresh = planSlugs([want('1', 'facets')], { current: new Map(), owners: new Map(), reserved });
    expect([...fresh.slugs.values()]).toEqual(['facets-2']);
    const current = new Map([[slugKey('en', '2'), { slug: 'facets', base: 'facets' }]]);
    const held = planSlugs([want('2', 'facets')], {
      current,
      owners: new Map([[slugKey('en', 'facets'), '2']]),
      reserved,
    });
    expect(held.changes).toEqual([{ entityId: '2', language: 'en', slug: 'facets-2', base: 'facets', kind: 'mint' }]);
  });

  it('suffixes within one batch, in want order', () => {
    const { slugs, changes } = planSlugs([want('1', 'shirt'), want('2', 'shirt'), want('3', 'shirt')], {
      current: new Map(),
      owners: new Map(),
    });
    expect([...slugs.values()]).toEqual(['shirt', 'shirt-2', 'shirt-3']);
    expect(changes.map((c) => c.kind)).toEqual(['mint', 'mint', 'mint']);
  });

  it('mints per language: the same slug in two languages is no collision', () => {
    const store = new ModelStore();
    expect(store.name('1', 'Jacket', 'en')).toBe('jacket');
    expect(store.name('2', 'Jacket', 'sv')).toBe('jacket');
    expect(store.name('2', 'Jacket', 'en')).toBe('jacket-2');
  });

  it('skips a taken suffix and takes the first free one', () => {
    const store = new ModelStore();
    store.name('1', 'Shirt 2');
    expect(store.name('2', 'Shirt')).toBe('shirt');
    expect(store.name('3', 'Shirt')).toBe('shirt-3');
  });

  it('keeps the slug while the name yields the same base, making no change', () => {
    const store = new ModelStore();
    store.name('1', 'Café Crème');
    const { slugs, changes } = store.run([want('1', slugify('CAFE  creme'))]);
    expect(slugs.get(slugKey('en', '1'))).toBe('cafe-creme');
    expect(changes).toEqual([]);
  });

  it('keeps a suffixed slug while the name yields the same base, even once the plain base would be free to it', () => {
    const store = new ModelStore();
    store.name('1', 'Shirt');
    expect(store.name('2', 'Shirt')).toBe('shirt-2');
    const { slugs, changes } = store.run([want('2', 'shirt')]);
    expect(slugs.get(slugKey('en', '2'))).toBe('shirt-2');
    expect(changes).toEqual([]);
  });

  // "Shirt 2" yields the base shirt-2 and "Shirt" the base shirt: a rename, so a new slug, although shirt-2 has
  // the shape of a collision suffix of shirt (the store compares the base a slug was minted from).
  it('mints a new slug when "Shirt 2" is renamed "Shirt" (the base changed, and shirt is free)', () => {
    const store = new ModelStore();
    expect(store.name('1', 'Shirt 2')).toBe('shirt-2');
    const { slugs, changes } = store.run([want('1', slugify('Shirt'))]);
    expect(slugs.get(slugKey('en', '1'))).toBe('shirt');
    expect(changes).toEqual([{ entityId: '1', language: 'en', slug: 'shirt', base: 'shirt', kind: 'mint' }]);
  });

  it('mints a new slug on a rename, and the old one stays owned', () => {
    const store = new ModelStore();
    store.name('1', 'Shirt');
    const { changes } = store.run([want('1', 'blouse')]);
    expect(changes).toEqual([{ entityId: '1', language: 'en', slug: 'blouse', base: 'blouse', kind: 'mint' }]);
    expect(store.owners.get(slugKey('en', 'shirt'))).toBe('1');
  });

  it("reactivates the entity's own historical slug when it is renamed back", () => {
    const store = new ModelStore();
    store.name('1', 'Shirt');
    store.name('1', 'Blouse');
    const { slugs, changes } = store.run([want('1', 'shirt')]);
    expect(slugs.get(slugKey('en', '1'))).toBe('shirt');
    expect(changes).toEqual([{ entityId: '1', language: 'en', slug: 'shirt', base: 'shirt', kind: 'reactivate' }]);
  });

  it('reactivates its own suffixed historical slug when renamed back while another entity holds the base', () => {
    const store = new ModelStore();
    store.name('1', 'Shirt');
    expect(store.name('2', 'Shirt')).toBe('shirt-2');
    store.name('2', 'Blouse');
    const { changes } = store.run([want('2', 'shirt')]);
    expect(changes).toEqual([{ entityId: '2', language: 'en', slug: 'shirt-2', base: 'shirt', kind: 'reactivate' }]);
  });

  it('never takes a slug another entity owned in the past, even when that entity has moved on', () => {
    const store = new ModelStore();
    store.name('1', 'Shirt');
    store.name('1', 'Blouse');
    expect(store.name('2', 'Shirt')).toBe('shirt-2');
    expect(store.current.get(slugKey('en', '1'))).toBe('blouse');
  });

  it('treats an owner of another entity type (a name no entity of this type has) as taken', () => {
    const state: SlugState = { current: new Map(), owners: new Map([[slugKey('en', 'nordcraft'), 'brand:3']]) };
    const { slugs } = planSlugs([want('3', 'nordcraft')], state);
    expect(slugs.get(slugKey('en', '3'))).toBe('nordcraft-2');
  });

  it('does not change the state it is given', () => {
    const state: SlugState = { current: new Map(), owners: new Map() };
    planSlugs([want('1', 'shirt')], state);
    expect(state.owners.size).toBe(0);
    expect(state.current.size).toBe(0);
  });

  it('property: over random renames no slug is ever owned by two entities, and each current slug is of its latest name', () => {
    const entities = ['1', '2', '3', '4'];
    const languages = ['en', 'sv'];
    const names = [
      'Shirt',
      'shirt',
      'Shirt 2',
      'Shirt-3',
      'Shirt 10',
      'Café',
      'cafe',
      'Cafe 2',
      'Smørbrød',
      'smorbrod',
      'Æble',
      'aeble',
    ];
    const rename = fc.record({
      entityId: fc.constantFrom(...entities),
      language: fc.constantFrom(...languages),
      name: fc.constantFrom(...names),
    });
    // A batch names each (entity, language) at most once, as its callers build it (one request per product,
    // brand or collection and language).
    const batch = fc.uniqueArray(rename, {
      minLength: 1,
      maxLength: 5,
      selector: (r) => `${r.language}/${r.entityId}`,
    });
    fc.assert(
      fc.property(fc.array(batch, { minLength: 1, maxLength: 25 }), (batches) => {
        const store = new ModelStore();
        const latest = new Map<string, string>();
        for (const batch of batches) {
          const { slugs } = store.run(batch.map((r) => want(r.entityId, slugify(r.name), r.language)));
          for (const r of batch) latest.set(slugKey(r.language, r.entityId), r.name);
          // The planned slugs are what the store now holds as current.
          for (const [key, slug] of slugs) expect(store.current.get(key)).toBe(slug);
        }
        // One owner per slug, and each entity's current slug is one it owns.
        const currentOwners = new Map<string, string>();
        for (const [key, slug] of store.current) {
          const [language, entityId] = key.split('\u0000') as [string, string];
          expect(store.owners.get(slugKey(language, slug))).toBe(entityId);
          const other = currentOwners.get(slugKey(language, slug));
          expect(other === undefined || other === entityId).toBe(true);
          currentOwners.set(slugKey(language, slug), entityId);
        }
        for (const [key, name] of latest) {
          const slug = store.current.get(key);
          expect(slug).toBeDefined();
          expect(isSlugOf(slug as string, slugify(name))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
