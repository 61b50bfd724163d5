import {
  decodeCart,
  encodeCart,
  encodeChange,
  type StoredCart,
} from '../../../../../services/storefront-api/cart/cart-codec';
import type { Cart } from '../../../../../services/storefront-api/cart/cart-types';

// The compact form is what Redis already holds and what the Lua script reads: these pin it, so a rename in the
// service's types cannot change the storage format or what the script is sent.

const stored: StoredCart = {
  v: 4,
  site: 7,
  market: 'm1',
  created: '2025-06-01T00:00:00.000Z',
  updated: '2025-06-02T00:00:00.000Z',
  n: 3,
  lines: [{ id: 'l2', sku: 'a', q: 3, p: '10.50', c: 'EUR' }],
};
const cart: Cart = {
  version: 4,
  site: 7,
  market: 'm1',
  created: '2025-06-01T00:00:00.000Z',
  updated: '2025-06-02T00:00:00.000Z',
  nextLineNumber: 3,
  lines: [{ id: 'l2', sku: 'a', quantity: 3, addedPrice: { amount: '10.50', currency: 'EUR' } }],
};

describe('cart codec', () => {
  it('reads a stored cart and writes it back in the same compact form', () => {
    expect(decodeCart(stored)).toEqual(cart);
    expect(encodeCart(cart)).toEqual(stored);
  });

  it('reads an empty line list that cjson wrote as an object', () => {
    expect(decodeCart({ ...stored, lines: {} as unknown as StoredCart['lines'] }).lines).toEqual([]);
  });

  it('sends each change in the form the Lua script reads', () => {
    const eur = { amount: '10.50', currency: 'EUR' };
    expect(
      encodeChange({ kind: 'add', sku: 'a', quantity: 2, stock: 9, lineLimit: 50, cartMarket: 'm1', price: eur }),
    ).toEqual({ t: 'add', sku: 'a', q: 2, max: 9, limit: 50, m: 'm1', p: '10.50', c: 'EUR' });
    expect(encodeChange({ kind: 'set', lineId: 'l2', quantity: 5, stock: 9 })).toEqual({
      t: 'set',
      id: 'l2',
      q: 5,
      max: 9,
    });
    expect(encodeChange({ kind: 'remove', lineId: 'l2' })).toEqual({ t: 'del', id: 'l2' });
    expect(encodeChange({ kind: 'market', market: 'm2', drop: { l1: true }, cut: {}, price: { l2: eur } })).toEqual({
      t: 'market',
      m: 'm2',
      drop: { l1: true },
      cut: {},
      price: { l2: { p: '10.50', c: 'EUR' } },
    });
    expect(encodeChange({ kind: 'fix', drop: {}, cut: { l2: 1 } })).toEqual({ t: 'fix', drop: {}, cut: { l2: 1 } });
  });
});
