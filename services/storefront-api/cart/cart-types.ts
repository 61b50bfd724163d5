// The cart as the service works with it. Redis and the Lua script hold a compact form of the same data
// (cart-codec.ts); nothing outside the store sees that form.

/** A unit price as a decimal amount and its currency. */
export interface LinePrice {
  amount: string;
  currency: string;
}

/** A line: only the SKU and quantity matter to the answer; `addedPrice` is the unit price when it was added. */
export interface CartLine {
  id: string;
  sku: string;
  quantity: number;
  addedPrice: LinePrice;
}

/** A cart as stored under `cart:<sha256(token)>` (the token itself is never stored). */
export interface Cart {
  version: number;
  site: number;
  market: string;
  created: string;
  updated: string;
  /** The number of the next line id (`l<n>`): ids are never reused within a cart. */
  nextLineNumber: number;
  lines: CartLine[];
}

/** Lines to drop (by id) and quantities to cut (line id -> quantity). */
export interface LineFix {
  drop: Record<string, true>;
  cut: Record<string, number>;
}

/**
 * One change the store applies atomically. `stock` is the whole units the market has of the SKU: a quantity above
 * it is refused. An add names the cart's market as it was read when the line was priced (`cartMarket`); the store
 * refuses the add when the cart has changed market since.
 */
export type CartChange =
  | {
      kind: 'add';
      sku: string;
      quantity: number;
      stock: number;
      lineLimit: number;
      cartMarket: string;
      price: LinePrice;
    }
  | { kind: 'set'; lineId: string; quantity: number; stock: number }
  | { kind: 'remove'; lineId: string }
  | ({ kind: 'market'; market: string; price: Record<string, LinePrice> } & LineFix)
  | ({ kind: 'fix' } & LineFix);
