import type { MediaDescriptor } from './descriptor';
import type { Manifest, MediaItem } from './manifest';

type KindFields = Pick<
  MediaDescriptor,
  | 'w'
  | 'h'
  | 'blurhash'
  | 'color'
  | 'bg'
  | 'widths'
  | 'formats'
  | 'poster'
  | 'duration'
  | 'variants'
  | 'filename'
  | 'bytes'
  | 'pages'
>;

const NONE = { poster: null, duration: null, variants: null, filename: null, bytes: null, pages: null } as const;

/** The fields that depend on the kind: pixels and renditions for images and videos, name, size and pages for files. */
function kindFields(row: MediaItem, manifest: Manifest): KindFields {
  switch (manifest.kind) {
    case 'image':
      return { ...manifest.facts, widths: [...manifest.widths], formats: [...manifest.formats], ...NONE };
    case 'video': {
      const { w, h, blurhash, color, bg } = manifest.poster;
      return {
        w,
        h,
        blurhash,
        color,
        bg,
        widths: [...manifest.widths],
        formats: [...manifest.formats],
        ...NONE,
        poster: { ...manifest.poster },
        duration: row.duration,
        variants: manifest.variants.map((v) => ({ ...v })),
      };
    }
    case 'file':
      return {
        w: null,
        h: null,
        blurhash: null,
        color: null,
        bg: null,
        widths: [],
        formats: [],
        ...NONE,
        filename: fileNameOf(row, manifest.mime),
        bytes: manifest.bytes,
        pages: manifest.pages,
      };
  }
}

/** The descriptor of one media item whose renditions exist as `manifest` says (pure); keys in the spec's order. */
export function buildDescriptor(row: MediaItem, manifest: Manifest): MediaDescriptor {
  const k = kindFields(row, manifest);
  return {
    id: manifest.hash,
    recipe: manifest.recipe,
    kind: manifest.kind,
    role: row.role,
    view: row.view,
    order: row.position,
    w: k.w,
    h: k.h,
    blurhash: k.blurhash,
    color: k.color,
    bg: k.bg,
    alt: { ...row.alt },
    caption: row.caption,
    widths: k.widths,
    formats: k.formats,
    poster: k.poster,
    duration: k.duration,
    variants: k.variants,
    filename: k.filename,
    bytes: k.bytes,
    pages: k.pages,
    attributes: row.attributes,
  };
}

/**
 * The name a file is announced and served under: the row's, with path separators and control characters
 * replaced (a name is never a path), else a default by type.
 */
export function fileNameOf(row: Pick<MediaItem, 'filename'>, mime: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds
  const cleaned = (row.filename ?? '').replace(/[/\\\u0000-\u001f\u007f]/g, '-').slice(0, 255);
  if (cleaned !== '' && cleaned !== '.' && cleaned !== '..') return cleaned;
  return mime === 'application/pdf' ? 'document.pdf' : 'file.bin';
}

/** The spec's display image: role primary, else the first gallery, else the first swatch, else null (among images and videos, in order). */
export function displayImage(descriptors: readonly MediaDescriptor[]): MediaDescriptor | null {
  const visual = [...descriptors].filter((d) => d.kind !== 'file').sort((a, b) => a.order - b.order);
  for (const role of ['primary', 'gallery', 'swatch']) {
    const found = visual.find((d) => d.role === role);
    if (found) return found;
  }
  return null;
}

/** A product's media as the detail response shows them: images and videos in display order, the display image, files. */
export function productMediaView(descriptors: readonly MediaDescriptor[]): {
  images: MediaDescriptor[];
  image: MediaDescriptor | null;
  files: MediaDescriptor[];
} {
  const ordered = [...descriptors].sort((a, b) => a.order - b.order);
  return {
    images: ordered.filter((d) => d.kind !== 'file'),
    image: displayImage(ordered),
    files: ordered.filter((d) => d.kind === 'file'),
  };
}
