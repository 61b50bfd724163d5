import type { ImageFacts, JsonObject, MediaKind, Poster, VideoVariant } from './descriptor';
import type { ImageFormat } from './recipe';

// What the rendition store keeps per (hash, recipe), written once when the renditions are made. The media host
// serves only what a manifest announces; descriptors are built from a manifest and the business row.

export interface ImageManifest {
  kind: 'image';
  hash: string;
  recipe: number;
  facts: ImageFacts;
  widths: number[];
  formats: ImageFormat[];
}

/** A video's widths and formats are its poster's renditions (served under `/p/`). */
export interface VideoManifest {
  kind: 'video';
  hash: string;
  recipe: number;
  poster: Poster;
  widths: number[];
  formats: ImageFormat[];
  variants: VideoVariant[];
}

export interface FileManifest {
  kind: 'file';
  hash: string;
  recipe: number;
  bytes: number;
  pages: number | null;
  mime: string;
}

export type Manifest = ImageManifest | VideoManifest | FileManifest;

/**
 * One media item as the pipeline renders and describes it: a product's media row, a brand's logo or a configured
 * swatch image.
 */
export interface MediaItem {
  /** `sha256:<hex>` of the source bytes, as the business system recorded it. */
  hash: string;
  kind: MediaKind;
  role: string;
  view: string | null;
  position: number;
  alt: Record<string, string>;
  caption: string | null;
  filename: string | null;
  duration: number | null;
  attributes: JsonObject | null;
  /** Where the bytes are: a path under the media source root, or an http(s) URL. Null for a poster-only video. */
  source: string | null;
  /** A video's poster image (path or URL). */
  posterSource: string | null;
}

/** The business row of one product media item (`product_media`), as the pipeline reads it. */
export interface MediaRow extends MediaItem {
  id: number;
  productId: number;
}

export function isManifest(value: unknown): value is Manifest {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { kind?: unknown; hash?: unknown; recipe?: unknown };
  return (
    (v.kind === 'image' || v.kind === 'video' || v.kind === 'file') &&
    typeof v.hash === 'string' &&
    typeof v.recipe === 'number'
  );
}
