import type { IndexedCard } from '../../../../../indexer/documents/card';
import type { SearchHit } from '../../../../../shared/search';
import { answerJson } from '../../../../../services/storefront-api/http/json-text';
import { cardOf } from '../../../../../services/storefront-api/listing/listing-response';
import { RenderedItems } from '../../../../../services/storefront-api/listing/rendered-items';
import { cardPrice, catalogue } from '../../../../support/site-catalogue-fixture';

const site = catalogue();
const [m1, m2] = site.markets as [(typeof site.markets)[0], (typeof site.markets)[0]];
const price = cardPrice;
const cardFor = (id: number): IndexedCard => ({
  id: String(id),
  sku: `P-${id}`,
  slug: { en: `shoe-${id}`, sv: `sko-${id}` },
  name: { en: `Shoe ${id}`, sv: `Sko ${id}` },
  shortDescription: { en: null, sv: null },
  price: { m1: price(`${id}.00`, 'EUR'), m2: price(`${id * 10}.00`, 'SEK') },
  priceVaries: { m1: false, m2: false },
  inStock: { m1: true, m2: false },
  brand: null,
  image: null,
  collectionIds: [11],
  updatedAt: '2025-05-01T00:00:00.000Z',
});
const hitOf = (id: number, card: IndexedCard | null = cardFor(id)): SearchHit => ({
  id: String(id),
  score: 0,
  card,
  cardKey: `k:${id}`,
});

/** What the engine does with SearchOptions.holdsCard: a hit whose card is held comes without it. */
const search = (holds: (key: string) => boolean, ids: number[]) =>
  ids.map((id) => (holds(`k:${id}`) ? hitOf(id, null) : hitOf(id)));

const parsed = (text: { text: string }) => JSON.parse(answerJson(text));

describe('RenderedItems', () => {
  it('renders a page from its cards, and a later page holds the items kept instead of their cards', () => {
    const items = new RenderedItems();
    const first = items.page(site, m1, 'en');
    expect(parsed(first.of(search(first.holds, [1, 2])))).toEqual(
      [1, 2].map((id) => cardOf(cardFor(id), site, m1, 'en')),
    );
    const later = items.page(site, m1, 'en');
    const hits = search(later.holds, [2, 3, 1]);
    expect(hits.map((h) => h.card === null)).toEqual([true, false, true]);
    expect(parsed(later.of(hits))).toEqual([2, 3, 1].map((id) => cardOf(cardFor(id), site, m1, 'en')));
  });

  it('keeps items apart by market, language and catalogue', () => {
    const items = new RenderedItems();
    const page = items.page(site, m1, 'en');
    page.of(search(page.holds, [1]));
    const other = catalogue();
    for (const [on, market, language] of [
      [site, m2, 'en'],
      [site, m1, 'sv'],
      [other, m1, 'en'],
    ] as const) {
      const elsewhere = items.page(on, market, language);
      const hits = search(elsewhere.holds, [1]);
      expect(hits[0]?.card).not.toBeNull();
      expect(parsed(elsewhere.of(hits))).toEqual([cardOf(cardFor(1), on, market, language)]);
    }
  });

  it('leaves out a product without a price on the market, and keeps nothing for it', () => {
    const items = new RenderedItems();
    const unpriced = { ...cardFor(4), price: { m2: price('1.00', 'SEK') } };
    const page = items.page(site, m1, 'en');
    expect(parsed(page.of([hitOf(4, unpriced), hitOf(5)])).map((i: { id: string }) => i.id)).toEqual(['5']);
    expect(items.page(site, m1, 'en').holds('k:4')).toBe(false);
  });

  it('reads the SKU of a held hit from its item', () => {
    const items = new RenderedItems();
    const page = items.page(site, m1, 'en');
    page.of(search(page.holds, [7]));
    const later = items.page(site, m1, 'en');
    const [held] = search(later.holds, [7]);
    expect([held?.card, later.sku(held as SearchHit)]).toEqual([null, 'P-7']);
  });

  it('refuses a hit without its card that it does not hold', () => {
    const page = new RenderedItems().page(site, m1, 'en');
    expect(() => page.of([hitOf(8, null)])).toThrow(/does not hold/);
  });

  it('keeps no more characters than its bound, the most recently used items first', () => {
    const bound = 5_000;
    const items = new RenderedItems(bound);
    const one = items.page(site, m1, 'en');
    one.of(search(one.holds, [1]));
    const size = items.size;
    expect(size).toBeGreaterThan(200);
    for (let id = 2; id < 200; id++) {
      const page = items.page(site, m1, 'en');
      page.of(search(page.holds, [1, id]));
      expect(items.size).toBeLessThanOrEqual(bound);
    }
    expect(items.size).toBeGreaterThan(bound - 2 * size);
    const last = items.page(site, m1, 'en');
    expect(search(last.holds, [1, 2, 199]).map((h) => h.card === null)).toEqual([true, false, true]);
  });
});
