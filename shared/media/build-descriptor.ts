import type { MediaDescriptor } from './descriptor';
import type { Manifest, MediaRow } from './manifest';

const NO_FILE = { filename: null, bytes: null, pages: null } as const;

/** The descriptor of one business row whose renditions exist as `manifest` says (pure). */
export function buildDescriptor(row: MediaRow, manifest: Manifest): MediaDescriptor {
  const common = {
    id: manifest.hash,
    recipe: manifest.recipe,
    kind: manifest.kind,
    role: row.role,
    view: row.view,
    order: row.position,
    alt: { ...row.alt },
    caption: row.caption,
    attributes: row.attributes,
  };
  switch (manifest.kind) {
    case 'image': {
      const { w, h, blurhash, color, bg } = manifest.facts;
      return { ...common, w, h, blurhash, color, bg, widths: [...manifest.widths], formats: [...manifest.formats], poster: null, duration: null, variants: null, ...NO_FILE };
    }
    case 'video': {
      const { w, h, blurhash, color, bg } = manifest.poster;
      return {
        ...common, w, h, blurhash, color, bg, widths: [...manifest.widths], formats: [...manifest.formats], poster: { ...manifest.poster },
        duration: row.duration, variants: manifest.variants.map((v) => ({ ...v })), ...NO_FILE,
      };
    }
    case 'file':
      return {
        ...common, w: null, h: null, blurhash: null, color: null, bg: null, widths: [], formats: [], poster: null, duration: null, variants: null,
        filename: row.filename ?? defaultFilename(manifest.mime), bytes: manifest.bytes, pages: manifest.pages,
      };
  }
}

function defaultFilename(mime: string): string {
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
export function productMediaView(descriptors: readonly MediaDescriptor[]): { images: MediaDescriptor[]; image: MediaDescriptor | null; files: MediaDescriptor[] } {
  const ordered = [...descriptors].sort((a, b) => a.order - b.order);
  return { images: ordered.filter((d) => d.kind !== 'file'), image: displayImage(ordered), files: ordered.filter((d) => d.kind === 'file') };
}
