import { LRUCache } from 'lru-cache';
import type { IndexedCard } from '../../../indexer/documents/card';
import type { SearchHit } from '../../../shared/search';
import type { Market } from '../../../shared/storefront-config/schemas';
import type { SiteCatalogue } from '../catalogue/site-catalogue';
import { JsonText } from '../http/json-text';
import { CatalogueScopes } from './catalogue-scopes';
import { cardOf } from './listing-response';

/** Characters of listing items kept as JSON, keys included: about 25,000 items of 550 characters. */
export const RENDERED_ITEMS_SIZE = 16 * 1024 * 1024;

/**
 * Listing items as JSON, kept by the card they were made from (SearchHit.cardKey names its bytes, which never
 * change) and by what else makes an item: the site's catalogue object (replaced when its configuration is),
 * the market and the language. An item is as fresh as the card it came from, so as fresh as the listing; a
 * changed product is a new card with a new key. A product is on many listings: an item kept lets the engine skip
 * reading and decoding its card, and the answer its encoding. Bounded in characters, least recently used out.
 */
export class RenderedItems {
  private readonly items: LRUCache<string, string>;
  /** The short prefix of items' keys in a catalogue, market and language. */
  private readonly scopes = new CatalogueScopes();

  constructor(maxSize = RENDERED_ITEMS_SIZE) {
    this.items = new LRUCache({ maxSize, sizeCalculation: (text, key) => text.length + key.length });
  }

  /** Characters kept, keys included. */
  get size(): number {
    return this.items.calculatedSize;
  }

  /** The items of one listing page in `market` and `language`. */
  page(catalogue: SiteCatalogue, market: Market, language: string): PageItems {
    return new PageItems(this.items, this.scopes.of(catalogue, `${market.code}\u0000${language}`), (card) =>
      cardOf(card, catalogue, market, language),
    );
  }
}

/** One page's items: those kept, taken as the engine asks (holds), and the rest rendered from their cards. */
export class PageItems {
  private readonly held = new Map<string, string>();

  constructor(
    private readonly items: LRUCache<string, string>,
    private readonly scope: string,
    private readonly render: (card: IndexedCard) => object | null,
  ) {}

  /** SearchOptions.holdsCard: whether an item of this card is kept, which the page then holds on to. */
  readonly holds = (cardKey: string): boolean => {
    const text = this.items.get(this.scope + cardKey);
    if (text === undefined) return false;
    this.held.set(cardKey, text);
    return true;
  };

  /** The hits' items as one JSON array; a hit whose product has no price in the market has none. */
  of(hits: readonly SearchHit[]): JsonText {
    const texts: string[] = [];
    for (const hit of hits) {
      const text = this.textOf(hit);
      if (text !== null) texts.push(text);
    }
    return new JsonText(`[${texts.join(',')}]`);
  }

  /** The SKU of a hit's product (a held hit comes without its card). */
  sku(hit: SearchHit): string {
    const card = hit.card ?? JSON.parse(this.heldText(hit));
    return String((card as { sku?: unknown }).sku ?? '');
  }

  private textOf(hit: SearchHit): string | null {
    if (hit.card === null) return this.heldText(hit);
    const item = this.render(hit.card as IndexedCard);
    if (item === null) return null;
    const text = JSON.stringify(item);
    if (hit.cardKey !== undefined) this.items.set(this.scope + hit.cardKey, text);
    return text;
  }

  private heldText(hit: SearchHit): string {
    const text = hit.cardKey === undefined ? undefined : this.held.get(hit.cardKey);
    if (text === undefined) throw new Error(`the engine left out the card of ${hit.id}, which the page does not hold`);
    return text;
  }
}
