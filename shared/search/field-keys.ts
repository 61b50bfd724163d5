/** Name of the numeric field holding a product's price on a market (range filter, range facet, price sort). */
export function priceField(market: string): string {
  return `price.${market}`;
}

/** Name of the boolean field that is true when any variant is in stock on a market (the `in-stock` toggle). */
export function inStockField(market: string): string {
  return `inStock.${market}`;
}
