import type { MediaDescriptor } from '../../../../shared/media/descriptor';

/** An image descriptor of hash `a…a`, recipe 1, with overrides. */
export function imageDescriptor(overrides: Partial<MediaDescriptor> = {}): MediaDescriptor {
  return {
    id: `sha256:${'a'.repeat(64)}`,
    recipe: 1,
    kind: 'image',
    role: 'gallery',
    view: null,
    order: 0,
    w: 2000,
    h: 2000,
    blurhash: 'L00000fQfQfQfQfQfQfQfQfQfQfQ',
    color: '#112233',
    bg: 'white',
    alt: {},
    caption: null,
    widths: [320],
    formats: ['avif', 'jpeg'],
    poster: null,
    duration: null,
    variants: null,
    filename: null,
    bytes: null,
    pages: null,
    attributes: null,
    ...overrides,
  };
}
