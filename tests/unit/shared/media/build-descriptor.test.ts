import { buildDescriptor, displayImage, fileNameOf, productMediaView } from '../../../../shared/media/build-descriptor';
import { DESCRIPTOR_KEYS } from '../../../../shared/media/descriptor';
import type { Manifest, MediaRow } from '../../../../shared/media/manifest';
import { renditionWidths, RECIPES } from '../../../../shared/media/recipe';
import { imageDescriptor } from './descriptor-fixture';

const HASH = `sha256:${'b'.repeat(64)}`;
const facts = {
  w: 1600,
  h: 2000,
  blurhash: 'LKO2?U%2Tw=w]~RBVZRi};RPxuwH',
  color: '#c8312f',
  bg: 'transparent' as const,
};
const row = (overrides: Partial<MediaRow> = {}): MediaRow => ({
  id: 7,
  productId: 3,
  hash: HASH,
  kind: 'image',
  role: 'primary',
  view: 'front',
  position: 2,
  alt: { en: 'Red shirt', sv: 'Röd skjorta' },
  caption: null,
  filename: null,
  duration: null,
  attributes: { shot: 'studio' },
  source: 'seed/a.png',
  posterSource: null,
  ...overrides,
});
const image: Manifest = { kind: 'image', hash: HASH, recipe: 1, facts, widths: [320, 640], formats: ['avif', 'jpeg'] };
const video: Manifest = {
  kind: 'video',
  hash: HASH,
  recipe: 1,
  poster: { id: `sha256:${'c'.repeat(64)}`, ...facts },
  widths: [320],
  formats: ['avif', 'jpeg'],
  variants: [{ name: 'source', format: 'mp4', bytes: 900 }],
};
const file: Manifest = { kind: 'file', hash: HASH, recipe: 1, bytes: 1453, pages: 2, mime: 'application/pdf' };

describe('buildDescriptor', () => {
  it('an image: its pixels facts and renditions; the keys that do not apply are null', () => {
    const d = buildDescriptor(row(), image);
    expect(Object.keys(d)).toEqual([...DESCRIPTOR_KEYS]);
    expect(d).toEqual({
      id: HASH,
      recipe: 1,
      kind: 'image',
      role: 'primary',
      view: 'front',
      order: 2,
      w: 1600,
      h: 2000,
      blurhash: facts.blurhash,
      color: '#c8312f',
      bg: 'transparent',
      alt: { en: 'Red shirt', sv: 'Röd skjorta' },
      caption: null,
      widths: [320, 640],
      formats: ['avif', 'jpeg'],
      poster: null,
      duration: null,
      variants: null,
      filename: null,
      bytes: null,
      pages: null,
      attributes: { shot: 'studio' },
    });
  });

  it('a video: poster facts on the descriptor, poster renditions in widths/formats, duration and variants', () => {
    const d = buildDescriptor(row({ kind: 'video', duration: 32.5, attributes: null }), video);
    expect(Object.keys(d)).toHaveLength(22);
    expect(d).toMatchObject({
      kind: 'video',
      w: 1600,
      h: 2000,
      widths: [320],
      formats: ['avif', 'jpeg'],
      duration: 32.5,
      variants: [{ name: 'source', format: 'mp4', bytes: 900 }],
      filename: null,
    });
    expect(d.poster).toEqual({ id: `sha256:${'c'.repeat(64)}`, ...facts });
  });

  it('a file: empty widths and formats, its name, size and pages; no pixels', () => {
    const d = buildDescriptor(row({ kind: 'file', role: 'manual', filename: 'ab-1-manual.pdf' }), file);
    expect(Object.keys(d)).toHaveLength(22);
    expect(d).toMatchObject({
      kind: 'file',
      w: null,
      h: null,
      blurhash: null,
      color: null,
      bg: null,
      widths: [],
      formats: [],
      poster: null,
      variants: null,
      filename: 'ab-1-manual.pdf',
      bytes: 1453,
      pages: 2,
    });
  });

  it('a file name is never a path', () => {
    expect(fileNameOf({ filename: '../../etc/passwd' }, 'application/pdf')).toBe('..-..-etc-passwd');
    expect(fileNameOf({ filename: 'a\u0000b.pdf' }, 'application/pdf')).toBe('a-b.pdf');
    expect(fileNameOf({ filename: '..' }, 'application/pdf')).toBe('document.pdf');
    expect(fileNameOf({ filename: null }, 'application/octet-stream')).toBe('file.bin');
  });
});

describe('display image and detail view', () => {
  const primary = imageDescriptor({ role: 'primary', order: 3 });
  const gallery1 = imageDescriptor({ role: 'gallery', order: 1 });
  const gallery0 = imageDescriptor({ role: 'gallery', order: 0 });
  const swatch = imageDescriptor({ role: 'swatch', order: 0 });
  const manual = imageDescriptor({ kind: 'file', role: 'primary', order: 0, widths: [], formats: [] });

  it('primary, else the first gallery, else the first swatch, else null; files never', () => {
    expect(displayImage([gallery1, primary, swatch])).toBe(primary);
    expect(displayImage([gallery1, gallery0, swatch])).toBe(gallery0);
    expect(displayImage([swatch, manual])).toBe(swatch);
    expect(displayImage([manual])).toBeNull();
    expect(displayImage([])).toBeNull();
  });

  it('images in display order, files apart; no media gives empty arrays and a null image', () => {
    expect(productMediaView([primary, manual, gallery0])).toEqual({
      images: [gallery0, primary],
      image: primary,
      files: [manual],
    });
    expect(productMediaView([])).toEqual({ images: [], image: null, files: [] });
  });
});

describe('renditionWidths', () => {
  it('never upscales; a source narrower than every width gets its own width', () => {
    const recipe = RECIPES[1]!;
    expect(renditionWidths(recipe, 2000)).toEqual([320, 640, 1024, 1600]);
    expect(renditionWidths(recipe, 1000)).toEqual([320, 640]);
    expect(renditionWidths(recipe, 200)).toEqual([200]);
  });
});
