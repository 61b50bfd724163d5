import { cartView, reconcile } from '../../../../../services/storefront-api/cart/cart-view';
import type { ResolvedSku } from '../../../../../services/storefront-api/cart/cart-catalogue';
import type { Cart, CartLine } from '../../../../../services/storefront-api/cart/cart-types';

const sku = (stock: number, amount = '10.00'): ResolvedSku => ({
  price: { amount, currency: 'EUR', vatRate: '25.00', vatIncluded: true },
  stock,
  image: null,
  product: { id: '1', name: 'Thing', slug: 'thing' },
  variant: { id: '2', selectedOptions: {} },
});
const line = (id: string, s: string, quantity: number, amount = '10.00'): CartLine => ({
  id,
  sku: s,
  quantity,
  addedPrice: { amount, currency: 'EUR' },
});

describe('cart reconcile and view', () => {
  it('drops lines no longer sold or out of stock, cuts quantities to stock, flags price changes', () => {
    const resolved = new Map<string, ResolvedSku | null>([
      ['a', sku(5)],
      ['b', null],
      ['c', sku(0)],
      ['d', sku(2)],
      ['e', sku(9, '12.00')],
    ]);
    const seen = reconcile(
      [
        line('l1', 'a', 1),
        line('l2', 'b', 1),
        line('l3', 'c', 1),
        line('l4', 'd', 3),
        line('l5', 'e', 1),
        line('l6', 'zz', 1),
      ],
      resolved,
    );
    expect(seen.lines.map((l) => [l.stored.id, l.quantity])).toEqual([
      ['l1', 1],
      ['l4', 2],
      ['l5', 1],
    ]);
    expect(seen.warnings).toEqual([
      { code: 'PRODUCT_GONE', lineId: 'l2' },
      { code: 'PRODUCT_GONE', lineId: 'l3' },
      { code: 'QUANTITY_REDUCED', lineId: 'l4' },
      { code: 'PRICE_CHANGED', lineId: 'l5' },
      { code: 'PRODUCT_GONE', lineId: 'l6' },
    ]);
    expect(seen.fix).toEqual({ drop: { l2: true, l3: true, l6: true }, cut: { l4: 2 } });
  });

  it('needs no fix when everything is still sold, and treats 10.5 and 10.50 as the same price', () => {
    const seen = reconcile([line('l1', 'a', 2, '10.5')], new Map([['a', sku(5, '10.50')]]));
    expect(seen.fix).toBeNull();
    expect(seen.warnings).toEqual([]);
  });

  it('shows the spec fields with exact totals', () => {
    const cart: Cart = {
      version: 4,
      site: 1,
      market: 'm1',
      created: '',
      updated: '',
      nextLineNumber: 3,
      lines: [line('l1', 'a', 3, '0.10'), line('l2', 'b', 1, '0.20')],
    };
    const seen = reconcile(
      cart.lines,
      new Map([
        ['a', sku(9, '0.10')],
        ['b', sku(9, '0.20')],
      ]),
    );
    const view = cartView('tok', cart, 'EUR', seen.lines, seen.warnings);
    expect(view).toMatchObject({
      token: 'tok',
      market: 'm1',
      currency: 'EUR',
      status: 'active',
      version: 4,
      subtotalInc: '0.50',
      grandTotalInc: '0.50',
      warnings: [],
    });
    expect(view.lines[0]).toEqual({
      id: 'l1',
      sku: 'a',
      quantity: 3,
      price: sku(9, '0.10').price,
      image: null,
      product: { id: '1', name: 'Thing', slug: 'thing' },
      variant: { id: '2', selectedOptions: {} },
    });
  });
});
