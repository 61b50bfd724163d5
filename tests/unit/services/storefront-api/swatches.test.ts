import { facetSpecs } from '../../../../services/storefront-api/catalogue/facet-specs';
import { swatchOf, swatchSources } from '../../../../services/storefront-api/catalogue/swatches';
import type { MediaDescriptor } from '../../../../services/storefront-api/openapi/media-schema';
import { FACTS, siteConfig } from '../../../support/site-catalogue-fixture';

const descriptor = (id: string): MediaDescriptor => ({
  id,
  recipe: 1,
  kind: 'image',
  role: 'swatch',
  view: null,
  order: 0,
  w: 64,
  h: 64,
  blurhash: 'LKO2?U%2Tw=w',
  color: '#c8312f',
  bg: 'white',
  alt: {},
  caption: null,
  widths: [64],
  formats: ['avif', 'jpeg'],
  poster: null,
  duration: null,
  variants: null,
  filename: null,
  bytes: null,
  pages: null,
  attributes: null,
});

describe('swatches', () => {
  const [colour, fit] = facetSpecs(
    siteConfig({
      facets: [
        {
          key: 'colour',
          definition: {
            source: { kind: 'option', option: 'Colour' },
            type: 'swatch',
            swatches: {
              red: { color: '#f00', image: 'swatches/red.png' },
              blue: { image: 'swatches/blue.png' },
              black: { color: '#000' },
              navy: { image: 'swatches/blue.png' },
            },
          },
        },
        { key: 'fit', definition: { source: { kind: 'attribute', attribute: 'fit' }, type: 'list' } },
      ],
    }),
    FACTS,
  );
  const red = descriptor(`sha256:${'a'.repeat(64)}`);
  const images = new Map([['swatches/red.png', red]]);

  it('asks for each configured image source once, of swatch facets only', () => {
    expect(swatchSources([colour!, fit!])).toEqual(['swatches/red.png', 'swatches/blue.png']);
    expect(swatchSources([fit!])).toEqual([]);
  });

  it('gives a value its colour and its rendered image; null image when none is configured or rendered; null when unconfigured', () => {
    expect(swatchOf(colour!, 'red', images)).toEqual({ color: '#f00', image: red });
    expect(swatchOf(colour!, 'blue', images)).toEqual({ color: null, image: null });
    expect(swatchOf(colour!, 'black', images)).toEqual({ color: '#000', image: null });
    expect(swatchOf(colour!, 'green', images)).toBeNull();
  });
});
