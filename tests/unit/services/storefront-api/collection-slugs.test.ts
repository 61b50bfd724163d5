import { CollectionSlugs } from '../../../../services/storefront-api/catalogue/collection-slugs';
import { SiteCatalogue } from '../../../../services/storefront-api/catalogue/site-catalogue';
import { collectionSchema, type Collection } from '../../../../shared/storefront-config/schemas';
import type { SlugRow } from '../../../../shared/storefront-config/slugs/slug-store';
import { FACTS, siteConfig } from '../../../support/site-catalogue-fixture';

const collection = (id: number, slugs: Record<string, string>, parentId: number | null = null): Collection =>
  collectionSchema.parse({ id, slugs, names: { en: `C ${id}` }, filter: { all: [] }, parentId });
const row = (entityId: number, language: string, slug: string, current: boolean, base = slug): SlugRow => ({
  entityId: String(entityId),
  language,
  slug,
  base,
  current,
});

describe('CollectionSlugs', () => {
  it('serves the minted slug while the text still yields its base, else the text slugified', () => {
    const slugs = new CollectionSlugs(
      [collection(1, { en: 'Sale', sv: 'Rea!' }), collection(2, { en: 'New In' })],
      // 1/en was minted `sale-2` (another entity owned `sale`); 2/en's text changed since publish.
      [row(1, 'en', 'sale-2', true, 'sale'), row(1, 'sv', 'rea', true), row(2, 'en', 'latest', true)],
    );
    expect(slugs.served.get(1)).toEqual({ en: 'sale-2', sv: 'rea' });
    expect(slugs.served.get(2)).toEqual({ en: 'new-in' });
    // The draft's rename is not minted yet: the minted slug answers as historical.
    expect(slugs.find('latest', 'en')).toEqual({ id: 2, current: false });
  });

  it('finds a slug in any case or spelling that slugifies to it, the request language first, current before historical', () => {
    const slugs = new CollectionSlugs(
      [collection(1, { en: 'shoes', sv: 'skor' }), collection(2, { en: 'boots', sv: 'shoes' })],
      [
        row(1, 'en', 'shoes', true),
        row(1, 'sv', 'skor', true),
        row(2, 'en', 'boots', true),
        row(2, 'sv', 'shoes', true),
        row(2, 'en', 'old-boots', false),
        row(9, 'en', 'gone', false),
      ],
    );
    expect(slugs.find('Shoes', 'en')).toEqual({ id: 1, current: true });
    expect(slugs.find('SHOES', 'sv')).toEqual({ id: 2, current: true });
    expect(slugs.find('Skör', 'en')).toEqual({ id: 1, current: true });
    expect(slugs.find('Old Boots', 'sv')).toEqual({ id: 2, current: false });
    // A collection no longer in the config keeps no slug.
    expect(slugs.find('gone', 'en')).toBeUndefined();
    expect(slugs.find('nope', 'en')).toBeUndefined();
  });
});

describe('SiteCatalogue collections', () => {
  const config = siteConfig({
    collections: [
      { id: 10, slugs: { en: 'women', sv: 'dam' }, names: { en: 'Women' }, filter: { all: [] } },
      { id: 11, slugs: { en: 'new-shoes', sv: 'skor' }, names: { en: 'Shoes' }, filter: { all: [] }, parentId: 10 },
    ],
    queryRules: [],
  });
  const site = new SiteCatalogue(config, FACTS, 3, [
    row(10, 'en', 'women', true),
    row(10, 'sv', 'dam', true),
    row(11, 'en', 'shoes', false),
    row(11, 'en', 'new-shoes', true),
    row(11, 'sv', 'skor', true),
  ]);

  it('answers a historical slug, another case or another language with redirectTo the current slug in the language', () => {
    expect(site.resolveCollection('new-shoes', 'en')).toEqual({
      collection: site.collectionsById.get(11),
      redirectTo: null,
    });
    expect(site.resolveCollection('shoes', 'en')).toEqual({
      collection: site.collectionsById.get(11),
      redirectTo: 'new-shoes',
    });
    expect(site.resolveCollection('Women', 'en')?.redirectTo).toBe('women');
    expect(site.resolveCollection('dam', 'en')?.redirectTo).toBe('women');
    expect(site.resolveCollection('11', 'sv')).toEqual({ collection: site.collectionsById.get(11), redirectTo: null });
    expect(site.resolveCollection('nope', 'en')).toBeUndefined();
    expect(site.collection('SHOES', 'en')?.id).toBe(11);
  });

  it('serves the minted slugs wherever a collection is shown', () => {
    const minted = new SiteCatalogue(config, FACTS, 3, [row(10, 'en', 'women-2', true, 'women')]);
    expect(minted.collectionsById.get(10)?.slugs).toEqual({ en: 'women-2', sv: 'dam' });
    expect(minted.config.collections.map((c) => c.slugs.en)).toEqual(['women-2', 'new-shoes']);
    expect(minted.resolveCollection('Women-2', 'en')).toEqual({
      collection: minted.collectionsById.get(10),
      redirectTo: 'women-2',
    });
    // `women` was minted for another entity, never for this collection: the config's text names nothing.
    expect(minted.resolveCollection('women', 'en')).toBeUndefined();
  });
});
