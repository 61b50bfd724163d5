import type { JsonValue } from '../search/document';
import type { ImageFormat } from './recipe';

/** The merchant's opaque attributes object. */
export type JsonObject = { [key: string]: JsonValue };

export const MEDIA_KINDS = ['image', 'video', 'file'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export type Background = 'white' | 'transparent' | 'light';

/** What the pixels of an image say about it. */
export type ImageFacts = {
  w: number;
  h: number;
  blurhash: string;
  /** Dominant colour of the subject, `#rrggbb`. */
  color: string;
  bg: Background;
};

/** The poster of a video: descriptor-like, with the poster image's own hash. */
export type Poster = ImageFacts & { id: string };

/** A playable video rendition, served at `/v/{hash}/{recipe}/{name}.{format}`. */
export type VideoVariant = {
  name: string;
  format: string;
  bytes: number;
};

/** The spec's media descriptor: always exactly these 22 keys, null where a key does not apply, arrays never null. */
export type MediaDescriptor = {
  id: string;
  recipe: number;
  kind: MediaKind;
  role: string;
  view: string | null;
  order: number;
  w: number | null;
  h: number | null;
  blurhash: string | null;
  color: string | null;
  bg: Background | null;
  alt: Record<string, string>;
  caption: string | null;
  widths: number[];
  formats: ImageFormat[];
  poster: Poster | null;
  duration: number | null;
  variants: VideoVariant[] | null;
  filename: string | null;
  bytes: number | null;
  pages: number | null;
  attributes: JsonObject | null;
};

export const DESCRIPTOR_KEYS = [
  'id',
  'recipe',
  'kind',
  'role',
  'view',
  'order',
  'w',
  'h',
  'blurhash',
  'color',
  'bg',
  'alt',
  'caption',
  'widths',
  'formats',
  'poster',
  'duration',
  'variants',
  'filename',
  'bytes',
  'pages',
  'attributes',
] as const satisfies ReadonlyArray<keyof MediaDescriptor>;

/** `sha256:<hex>` for 64 lowercase hex digits. */
export const hashId = (hex: string): string => `sha256:${hex}`;

/** The 64 hex digits of a `sha256:` id (URLs carry only these), or null when `id` is not one. */
export function hexOf(id: string): string | null {
  const match = /^sha256:([0-9a-f]{64})$/.exec(id);
  return match?.[1] ?? null;
}
