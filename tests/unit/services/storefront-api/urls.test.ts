import {
  collectionPath,
  collectionSlug,
  collectionUrl,
  marketUrl,
  productUrl,
} from '../../../../services/storefront-api/catalogue/urls';
import { collectionSchema, marketSchema, type Collection } from '../../../../shared/storefront-config/schemas';
import { siteConfig } from '../../../support/site-catalogue-fixture';

const market = (urlTemplate: string) =>
  marketSchema.parse({ code: 'm1', language: 'en', currency: 'EUR', country: 'IE', urlTemplate, priceListId: 1 });
const site = siteConfig().site;

describe('marketUrl', () => {
  it.each([
    ['https://shop.example/{path}', '/p/{slug}', 'shoe-1', 'https://shop.example/p/shoe-1'],
    ['https://shop.example/en/{path}', '/p/{slug}', 'shoe-1', 'https://shop.example/en/p/shoe-1'],
    ['https://shop.example/{path}?ref=aisle', '/p/{slug}', 'shoe-1', 'https://shop.example/p/shoe-1?ref=aisle'],
    ['https://shop.example/{path}', '//products/{slug}/buy', 'shoe-1', 'https://shop.example/products/shoe-1/buy'],
    ['https://shop.example/{path}', '/p/{slug}', 'röd sko', 'https://shop.example/p/r%C3%B6d%20sko'],
    ['https://shop.example/{path}', '/p/{slug}', 'a/b?c#d', 'https://shop.example/p/a/b%3Fc%23d'],
    ['https://shop.example/{path}', '/p/{slug}-{slug}', 'x', 'https://shop.example/p/x-x'],
    ['https://shop.example:8443/{path}', '/{slug}', 'x', 'https://shop.example:8443/x'],
  ])('joins %p, %p and %p', (template, pattern, slug, url) => {
    expect(marketUrl(market(template), pattern, { slug })).toBe(url);
  });

  it('leaves placeholders it has no value for', () => {
    expect(marketUrl(market('https://shop.example/{path}'), '/p/{slug}/{other}', { slug: 's' })).toBe(
      'https://shop.example/p/s/{other}',
    );
  });

  it('builds product URLs from the site pattern', () => {
    expect(productUrl(market('https://shop.example/{path}'), site, 'shoe-1')).toBe('https://shop.example/p/shoe-1');
    expect(
      productUrl(
        market('https://shop.example/{path}'),
        { ...site, urlPatterns: { product: '/item/{slug}.html', collection: '/c/{path}' } },
        'shoe-1',
      ),
    ).toBe('https://shop.example/item/shoe-1.html');
  });
});

describe('collection paths', () => {
  const c = (id: number, slugs: Record<string, string>, parentId: number | null = null): Collection =>
    collectionSchema.parse({ id, slugs, names: { en: 'x' }, filter: { all: [] }, parentId });
  const tree = [
    c(1, { en: 'women', sv: 'dam' }),
    c(2, { en: 'shoes', sv: 'skor' }, 1),
    c(3, { en: 'running' }, 2),
    c(4, { sv: 'ensam' }, 77),
    c(5, { en: 'loop-a' }, 6),
    c(6, { en: 'loop-b' }, 5),
  ];
  const byId = new Map(tree.map((x) => [x.id, x]));
  const of = (id: number) => byId.get(id)!;

  it.each([
    [1, 'en', 'women'],
    [2, 'en', 'women/shoes'],
    [3, 'en', 'women/shoes/running'],
    [3, 'sv', 'dam/skor/running'],
    [2, 'de', 'women/shoes'],
    [4, 'en', 'ensam'],
    [5, 'en', 'loop-b/loop-a'],
    [6, 'en', 'loop-a/loop-b'],
  ])('collection %p in %p is at %p', (id, language, path) => {
    expect(collectionPath(of(id), byId, language)).toBe(path);
  });

  it('takes the slug in the language, else the first, else the id', () => {
    expect(collectionSlug(of(2), 'sv')).toBe('skor');
    expect(collectionSlug(of(3), 'sv')).toBe('running');
    expect(collectionSlug({ ...of(3), slugs: {} }, 'en')).toBe('3');
  });

  it('builds collection URLs below their parents, keeping the slashes', () => {
    expect(collectionUrl(market('https://shop.example/sv/{path}'), site, of(3), byId, 'sv')).toBe(
      'https://shop.example/sv/k/dam/skor/running',
    );
  });
});
