import fc from 'fast-check';
import type { ResolvedSku } from '../../../../../services/storefront-api/cart/cart-catalogue';
import { CartEncoder } from '../../../../../services/storefront-api/cart/cart-json';
import type { Cart, CartLine } from '../../../../../services/storefront-api/cart/cart-types';
import { cartView, reconcile } from '../../../../../services/storefront-api/cart/cart-view';
import type { MediaDescriptor } from '../../../../../services/storefront-api/openapi/media-schema';

const image = {
  id: 'img',
  url: 'https://media.example/i/1.jpg',
  alt: 'Blå "jacka" \u2028',
} as unknown as MediaDescriptor;

const resolvedSku = (name: string, amount: string, withImage: boolean): ResolvedSku => ({
  price: { amount, currency: 'SEK', vatRate: '25.00', vatIncluded: true },
  stock: 100,
  image: withImage ? image : null,
  product: { id: '7', name, slug: 'a-slug' },
  variant: { id: '8', selectedOptions: { Colour: name, Size: 'M' } },
});

const cartOf = (lines: CartLine[]): Cart => ({
  version: 3,
  site: 1,
  market: 'se',
  created: '2026-11-27T00:00:00.000Z',
  updated: '2026-11-27T00:00:01.000Z',
  nextLineNumber: lines.length + 1,
  lines,
});

/** A cart view as the service builds it: lines over the resolved SKUs, with their warnings. */
function viewOf(lines: CartLine[], resolved: Map<string, ResolvedSku | null>) {
  const seen = reconcile(lines, resolved);
  return cartView('token-1', cartOf(lines), 'SEK', seen.lines, seen.warnings);
}

describe('CartEncoder', () => {
  it('writes exactly what JSON.stringify writes, for any lines, names and quantities, twice over', () => {
    const encoder = new CartEncoder();
    const sku = fc.record({
      name: fc.string({ unit: 'binary', maxLength: 20 }),
      amount: fc.constantFrom('10.00', '0.5', '1999.99'),
      withImage: fc.boolean(),
      gone: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(sku, fc.integer({ min: 1, max: 1_000_000 })), { maxLength: 50 }), (specs) => {
        const resolved = new Map<string, ResolvedSku | null>(
          specs.map(([s], i) => [`S-${i}`, s.gone ? null : resolvedSku(s.name, s.amount, s.withImage)]),
        );
        const lines = specs.map(([, quantity], i) => ({
          id: `l${i}`,
          sku: `S-${i}`,
          quantity,
          addedPrice: { amount: '10.00', currency: 'SEK' },
        }));
        const view = viewOf(lines, resolved);
        expect(encoder.encode(view)).toBe(JSON.stringify(view));
        // The second answer over the same resolved SKUs reuses their encoded parts, and still matches.
        expect(encoder.encode(view)).toBe(JSON.stringify(view));
      }),
      { numRuns: 60 },
    );
  });

  it('encodes a resolved SKU once, and again when a line shows other objects with the same price', () => {
    const encoder = new CartEncoder();
    const first = resolvedSku('Jacket', '10.00', true);
    const line: CartLine = { id: 'l1', sku: 'A', quantity: 2, addedPrice: { amount: '10.00', currency: 'SEK' } };
    const view = viewOf([line], new Map([['A', first]]));
    const stringify = jest.spyOn(JSON, 'stringify');
    // How many times a line's catalogue part (the object holding `variant`) was stringified.
    const partsEncoded = () =>
      stringify.mock.calls.filter(([value]) => typeof value === 'object' && value !== null && 'variant' in value)
        .length;
    try {
      encoder.encode(view);
      encoder.encode(view);
      expect(partsEncoded()).toBe(1);
      const renamed = { ...first, product: { ...first.product, name: 'Coat' } };
      const other = viewOf([line], new Map([['A', renamed]]));
      const json = encoder.encode(other);
      expect(partsEncoded()).toBe(2);
      expect(json).toBe(JSON.stringify(other));
      expect(JSON.parse(json).lines[0].product.name).toBe('Coat');
    } finally {
      stringify.mockRestore();
    }
  });
});
