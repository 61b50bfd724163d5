import type { Cart, CartChange, CartLine } from './cart-types';

// The compact form Redis holds and the Lua script (cart-lua.ts) reads and writes: one-letter keys keep a cart of
// 50 lines small, and carts already stored keep this form, so it is the storage format. Only the store maps to it.

interface StoredLine {
  id: string;
  sku: string;
  q: number;
  p: string;
  c: string;
}

export interface StoredCart {
  v: number;
  site: number;
  market: string;
  created: string;
  updated: string;
  n: number;
  lines: StoredLine[];
}

export type StoredChange =
  | { t: 'add'; sku: string; q: number; max: number; limit: number; m: string; p: string; c: string }
  | { t: 'set'; id: string; q: number; max: number }
  | { t: 'del'; id: string }
  | {
      t: 'market';
      m: string;
      drop: Record<string, true>;
      cut: Record<string, number>;
      price: Record<string, { p: string; c: string }>;
    }
  | { t: 'fix'; drop: Record<string, true>; cut: Record<string, number> };

const lineOf = (l: StoredLine): CartLine => ({
  id: l.id,
  sku: l.sku,
  quantity: l.q,
  addedPrice: { amount: l.p, currency: l.c },
});

/**
 * A stored cart as the service sees it. cjson writes an empty Lua table as {}: an empty line list may come back as an
 * object.
 */
export const decodeCart = (s: StoredCart): Cart => ({
  version: s.v,
  site: s.site,
  market: s.market,
  created: s.created,
  updated: s.updated,
  nextLineNumber: s.n,
  lines: Array.isArray(s.lines) ? s.lines.map(lineOf) : [],
});

export const encodeCart = (cart: Cart): StoredCart => ({
  v: cart.version,
  site: cart.site,
  market: cart.market,
  created: cart.created,
  updated: cart.updated,
  n: cart.nextLineNumber,
  lines: cart.lines.map((l) => ({
    id: l.id,
    sku: l.sku,
    q: l.quantity,
    p: l.addedPrice.amount,
    c: l.addedPrice.currency,
  })),
});

/** A change as the Lua script reads it (its ARGV[2]). */
export function encodeChange(change: CartChange): StoredChange {
  switch (change.kind) {
    case 'add':
      return {
        t: 'add',
        sku: change.sku,
        q: change.quantity,
        max: change.stock,
        limit: change.lineLimit,
        m: change.cartMarket,
        p: change.price.amount,
        c: change.price.currency,
      };
    case 'set':
      return { t: 'set', id: change.lineId, q: change.quantity, max: change.stock };
    case 'remove':
      return { t: 'del', id: change.lineId };
    case 'market': {
      const price = Object.fromEntries(
        Object.entries(change.price).map(([id, p]) => [id, { p: p.amount, c: p.currency }]),
      );
      return { t: 'market', m: change.market, drop: change.drop, cut: change.cut, price };
    }
    case 'fix':
      return { t: 'fix', drop: change.drop, cut: change.cut };
  }
}
