import type { CataloguePrice, CatalogueVariant } from './catalogue-product';
import type { CardPrice } from './card';
import { decimalString } from './format';
import type { MarketConfig } from './site-config';

/** What a product offers on one market: its card price and the flags derived from its variants there. */
export interface MarketOffer {
  price: CardPrice;
  /** The card price as a number, for range filters, stats and price sorting. */
  amount: number;
  priceVaries: boolean;
  inStock: boolean;
}

/** The variant's price on the market: from the market's price list, in the market's currency. */
export function priceOn(variant: CatalogueVariant, market: MarketConfig): CataloguePrice | undefined {
  return variant.prices.find((p) => p.priceListId === market.priceListId && p.currency === market.currency);
}

/** A stored price as the spec's Price: decimal strings, compare-at only when above the price. */
export function cardPrice(price: CataloguePrice): CardPrice {
  const compareAt =
    price.compareAt !== null && Number(price.compareAt) > Number(price.amount) ? decimalString(price.compareAt) : null;
  return {
    amount: decimalString(price.amount),
    currency: price.currency,
    vatRate: decimalString(price.vatRate),
    vatIncluded: price.vatIncluded,
    compareAt,
  };
}

/**
 * The offer of sellable `variants` on `market`, or null when none has a price there. The card shows the
 * cheapest variant (lowest id on a tie) with its compare-at price when that is above the price; in stock
 * means some variant priced on the market has stock.
 */
export function marketOffer(variants: readonly CatalogueVariant[], market: MarketConfig): MarketOffer | null {
  let cheapest: { price: CataloguePrice; amount: number; id: number } | null = null;
  let varies = false;
  let inStock = false;
  for (const variant of variants) {
    const price = priceOn(variant, market);
    if (price === undefined) continue;
    const amount = Number(price.amount);
    if (cheapest !== null && amount !== cheapest.amount) varies = true;
    if (cheapest === null || amount < cheapest.amount || (amount === cheapest.amount && variant.id < cheapest.id)) {
      cheapest = { price, amount, id: variant.id };
    }
    if (Number(variant.stock) > 0) inStock = true;
  }
  if (cheapest === null) return null;
  return { price: cardPrice(cheapest.price), amount: cheapest.amount, priceVaries: varies, inStock };
}
