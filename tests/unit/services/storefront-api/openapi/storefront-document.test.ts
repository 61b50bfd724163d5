import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { buildStorefrontDocument } from '../../../../../services/storefront-api/openapi/build-document';
import { mediaDescriptorSchema } from '../../../../../services/storefront-api/openapi/media-schema';
import { buildDescriptor } from '../../../../../shared/media/build-descriptor';
import type { Manifest, MediaRow } from '../../../../../shared/media/manifest';

const descriptor = {
  id: `sha256:${'ab'.repeat(32)}`,
  recipe: 3,
  kind: 'image',
  role: 'primary',
  view: null,
  order: 0,
  w: 1200,
  h: 1600,
  blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
  color: '#aabbcc',
  bg: 'white',
  alt: { en: 'A shirt' },
  caption: null,
  widths: [320, 640],
  formats: ['avif', 'jpeg'],
  poster: null,
  duration: null,
  variants: null,
  filename: null,
  bytes: null,
  pages: null,
  attributes: null,
};

function validatorOf(name: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(JSON.parse(JSON.stringify(buildStorefrontDocument())), 'doc');
  return ajv.getSchema(`doc#/components/schemas/${name}`)!;
}

describe('storefront document: media descriptor', () => {
  it('has exactly the 22 keys of the spec, all required', () => {
    const schema = buildStorefrontDocument().components?.schemas?.MediaDescriptor as {
      properties: object;
      required: string[];
      additionalProperties: boolean;
    };
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(descriptor).sort());
    expect(Object.keys(descriptor)).toHaveLength(22);
    expect([...schema.required].sort()).toEqual(Object.keys(descriptor).sort());
    expect(schema.additionalProperties).toBe(false);
  });

  it('accepts an image and a file descriptor, and refuses a missing or extra key or a bad id', () => {
    const validate = validatorOf('MediaDescriptor');
    expect(validate(descriptor)).toBe(true);
    // As the media pipeline builds them: a file has no pixels (bg null too), a video carries its poster's facts.
    const file = {
      ...descriptor,
      kind: 'file',
      role: 'manual',
      w: null,
      h: null,
      blurhash: null,
      color: null,
      bg: null,
      widths: [],
      formats: [],
      filename: 'manual.pdf',
      bytes: 20480,
      pages: 4,
    };
    expect(validate(file)).toBe(true);
    const poster = {
      id: `sha256:${'cd'.repeat(32)}`,
      w: 1920,
      h: 1080,
      blurhash: 'LEHV6nWB2yk8',
      color: '#112233',
      bg: 'light',
    };
    const video = {
      ...descriptor,
      kind: 'video',
      role: 'gallery',
      poster,
      duration: 12.5,
      variants: [{ name: 'source', format: 'mp4', bytes: 1048576 }],
    };
    expect(validate(video)).toBe(true);
    expect(validate({ ...video, poster: { ...poster, id: 'nope' } })).toBe(false);
    expect(validate({ ...video, variants: [{ format: 'mp4' }] })).toBe(false);
    const { caption: _caption, ...missing } = descriptor;
    expect(validate(missing)).toBe(false);
    expect(validate({ ...descriptor, extra: 1 })).toBe(false);
    expect(validate({ ...descriptor, id: 'sha256:xyz' })).toBe(false);
    expect(validate({ ...descriptor, widths: null })).toBe(false);
  });

  it('accepts what the media pipeline builds for an image, a poster-only video, a video with its file and a PDF', () => {
    const hash = (c: string) => `sha256:${c.repeat(64)}`;
    const facts = { w: 1600, h: 2000, blurhash: 'LEHV6nWB2yk8', color: '#aa3322', bg: 'transparent' as const };
    const row: MediaRow = {
      id: 1,
      productId: 7,
      hash: hash('a'),
      kind: 'image',
      role: 'primary',
      view: 'front',
      position: 0,
      alt: { en: 'Front' },
      caption: null,
      filename: null,
      duration: null,
      attributes: { channel: 'lookbook' },
      source: 'seed/a.png',
      posterSource: null,
    };
    const built = [
      buildDescriptor(row, {
        kind: 'image',
        hash: hash('a'),
        recipe: 1,
        facts,
        widths: [320, 640],
        formats: ['avif', 'jpeg'],
      }),
      buildDescriptor(
        { ...row, kind: 'video', role: 'gallery', duration: 31.5, source: null, posterSource: 'seed/p.png' },
        {
          kind: 'video',
          hash: hash('b'),
          recipe: 1,
          poster: { ...facts, id: hash('c') },
          widths: [320],
          formats: ['avif', 'jpeg'],
          variants: [],
        },
      ),
      buildDescriptor(
        { ...row, kind: 'video', role: 'gallery', duration: 4 },
        {
          kind: 'video',
          hash: hash('b'),
          recipe: 1,
          poster: { ...facts, id: hash('c') },
          widths: [320],
          formats: ['avif', 'jpeg'],
          variants: [{ name: 'source', format: 'mp4', bytes: 2048 }],
        },
      ),
      buildDescriptor({ ...row, kind: 'file', role: 'manual', filename: 'care-manual.pdf', attributes: null }, {
        kind: 'file',
        hash: hash('d'),
        recipe: 1,
        bytes: 20480,
        pages: 4,
        mime: 'application/pdf',
      } satisfies Manifest),
    ];
    const validate = validatorOf('MediaDescriptor');
    for (const d of built) {
      expect({ kind: d.kind, valid: validate(d), errors: validate.errors ?? null }).toEqual({
        kind: d.kind,
        valid: true,
        errors: null,
      });
      expect(mediaDescriptorSchema.safeParse(d).success).toBe(true);
    }
  });

  it('lets a card carry a descriptor or null as its image', () => {
    const validate = validatorOf('ProductCard');
    const card = {
      id: '1',
      slug: 's',
      name: 'n',
      sku: 'k',
      price: { amount: '10.00', currency: 'SEK', vatRate: '25.00', vatIncluded: true, compareAt: null },
      priceVaries: false,
      inStock: true,
      url: 'https://shop.example/p/s',
      collections: [],
      updatedAt: '2025-06-01T00:00:00.000Z',
      image: null,
      brand: null,
      shortDescription: null,
    };
    expect(validate(card)).toBe(true);
    expect(validate({ ...card, image: descriptor })).toBe(true);
    expect(validate({ ...card, image: {} })).toBe(false);
    expect(validate({ ...card, price: { ...card.price, amount: 10 } })).toBe(false);
  });
});
