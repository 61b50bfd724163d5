import { TextDecoder } from 'node:util';
import { decodeProductSource, encodeProductSource } from '../../../../indexer/documents/product-source';
import type { MediaRow } from '../../../../shared/media/manifest';
import { eur, parentProduct, sek, simpleProduct, variant } from './product-fixture';

const decoder = new TextDecoder();
const bytes = (text: string) => new TextEncoder().encode(text);

const media: MediaRow[] = [
  {
    id: 7,
    productId: 2,
    hash: 'abc',
    kind: 'image',
    role: 'gallery',
    view: null,
    position: 0,
    alt: { en: 'Blå' },
    caption: null,
    filename: 'a.jpg',
    duration: null,
    attributes: null,
    source: null,
    posterSource: null,
  },
];

describe('a product source kept beside its document', () => {
  it('reads back as the product it was written from, dates included', () => {
    const later = new Date('2025-03-04T05:06:07.089Z');
    const products = [
      simpleProduct({ updatedAt: later }),
      parentProduct([
        variant(2, { prices: [sek('100', { updatedAt: later }), eur('9.5')], updatedAt: later }),
        variant(3, { active: false }),
      ]),
    ];
    for (const product of products) {
      const source = { product, markets: ['se', 'eu'], media };
      const read = decodeProductSource(bytes(encodeProductSource(source)), decoder);
      expect(read).toEqual(source);
      expect(read?.product.variants[0]?.prices[0]?.updatedAt).toBeInstanceOf(Date);
    }
  });

  it('is not read when another version of the indexer kept it', () => {
    const kept = JSON.parse(encodeProductSource({ product: simpleProduct(), markets: [], media: [] }));
    expect(decodeProductSource(bytes(JSON.stringify({ ...kept, v: 0 })), decoder)).toBeNull();
    expect(decodeProductSource(bytes(JSON.stringify({ ...kept, v: undefined })), decoder)).toBeNull();
  });
});
