import {
  axisNamed,
  optionAvailability,
  optionsOf,
  selectVariants,
} from '../../../../services/storefront-api/variants/variant-options';
import { variantSelection } from '../../../../services/storefront-api/variants/variant-params';
import type { CatalogueProduct, CatalogueVariant } from '../../../../indexer/documents/catalogue-product';
import { AppError } from '../../../../shared/errors';

const market = { code: 'se', language: 'sv', currency: 'SEK', priceListId: 1 };
const at = new Date('2025-01-01T00:00:00Z');
const variant = (
  id: number,
  colour: string,
  size: string,
  opts: { sold?: boolean; stock?: string; active?: boolean } = {},
): CatalogueVariant => ({
  id,
  sku: `V${id}`,
  active: opts.active ?? true,
  brand: null,
  options: { Colour: colour, Size: size },
  stock: opts.stock ?? '1',
  prices:
    opts.sold === false
      ? []
      : [
          {
            priceListId: 1,
            currency: 'SEK',
            amount: '10',
            vatRate: '25',
            vatIncluded: true,
            compareAt: null,
            updatedAt: at,
          },
        ],
  updatedAt: at,
});
const product = (variants: CatalogueVariant[]): CatalogueProduct => ({
  id: 1,
  sku: 'P',
  name: 'P',
  active: true,
  kind: 'parent',
  brand: null,
  options: ['Colour', 'Size'],
  variants,
  categories: [],
  descriptions: {},
  attributes: [],
  createdAt: at,
  updatedAt: at,
});
const flat = (o: ReturnType<typeof optionAvailability>) =>
  Object.fromEntries(o.map((a) => [a.name, Object.fromEntries(a.values.map((v) => [v.value, v.available]))]));

describe('variant options', () => {
  const p = product([
    variant(1, 'Red', 'S'),
    variant(2, 'Red', 'M', { stock: '0' }),
    variant(3, 'Blue', 'S', { sold: false }),
    variant(4, 'Blue', 'M'),
    variant(5, 'Green', 'L', { active: false }),
  ]);

  it('lists active variants only, sold or not', () => {
    expect(optionsOf(p)).toEqual([
      { name: 'Colour', values: ['Red', 'Blue'] },
      { name: 'Size', values: ['S', 'M'] },
    ]);
    expect(selectVariants(p, { options: {}, inStock: false }, market).map((v) => v.id)).toEqual([1, 2, 3, 4]);
    expect(selectVariants(p, { options: {}, inStock: true }, market).map((v) => v.id)).toEqual([1, 4]);
  });

  it('cascades availability over the other axes, the market and the in-stock choice', () => {
    expect(flat(optionAvailability(p, { options: {}, inStock: false }, market))).toEqual({
      Colour: { Red: true, Blue: true },
      Size: { S: true, M: true },
    });
    expect(flat(optionAvailability(p, { options: { Size: 'S' }, inStock: false }, market))).toEqual({
      Colour: { Red: true, Blue: false },
      Size: { S: true, M: true },
    });
    expect(flat(optionAvailability(p, { options: { Colour: 'Red' }, inStock: true }, market))).toEqual({
      Colour: { Red: true, Blue: true },
      Size: { S: true, M: false },
    });
    expect(flat(optionAvailability(p, { options: { Colour: 'Blue', Size: 'M' }, inStock: false }, market))).toEqual({
      Colour: { Red: true, Blue: true },
      Size: { S: false, M: true },
    });
  });

  it('reads one value per axis and refuses unknown axes and lists', () => {
    const f = (entries: [string, string[]][]) =>
      new Map(entries.map(([k, v]) => [k, { raw: [v.join(',')], values: v }]));
    expect(
      variantSelection(
        p,
        f([
          ['colour', ['Red']],
          ['in-stock', ['true']],
        ]),
      ),
    ).toEqual({ options: { Colour: 'Red' }, inStock: true });
    expect(axisNamed(p, 'SIZE')).toBe('Size');
    for (const bad of [f([['flavour', ['x']]]), f([['Colour', ['Red', 'Blue']]]), f([['in-stock', ['yes']]])]) {
      expect(() => variantSelection(p, bad)).toThrow(AppError);
    }
  });
});
