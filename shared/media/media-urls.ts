import type { MediaDescriptor } from './descriptor';
import { hexOf } from './descriptor';
import { IMAGE_FORMATS, type ImageFormat } from './recipe';

/** The four URL templates of the spec's media configuration; `{hash}` is the descriptor id's 64 hex digits. */
export const MEDIA_TEMPLATES = {
  image: '/r/{hash}/{recipe}/{width}.{format}',
  video: '/v/{hash}/{recipe}/{variant}.{format}',
  poster: '/p/{hash}/{recipe}/{width}.avif',
  file: '/f/{hash}/{recipe}/{filename}',
} as const;

/** The `media` block of `GET /v1/site`. */
export interface MediaBlock {
  baseUrl: string;
  templates: typeof MEDIA_TEMPLATES;
}

/** The site's media block for a media host at `baseUrl` (a trailing slash is dropped). */
export function mediaBlock(baseUrl: string): MediaBlock {
  return { baseUrl: baseUrl.replace(/\/+$/, ''), templates: { ...MEDIA_TEMPLATES } };
}

/** A request the media host may answer: every part validated, nothing taken verbatim into a file path. */
export type MediaRequest =
  | { route: 'image' | 'poster'; hex: string; recipe: number; width: number; format: ImageFormat }
  | { route: 'video'; hex: string; recipe: number; variant: string; format: string }
  | { route: 'file'; hex: string; recipe: number; filename: string };

const HEX = '([0-9a-f]{64})';
const RECIPE = '([1-9][0-9]{0,5})';
const RENDITION = new RegExp(`^/([rp])/${HEX}/${RECIPE}/([1-9][0-9]{0,4})\\.(${IMAGE_FORMATS.join('|')})$`);
const VIDEO = new RegExp(`^/v/${HEX}/${RECIPE}/([a-z0-9][a-z0-9-]{0,31})\\.([a-z0-9]{2,5})$`);
const FILE = new RegExp(`^/f/${HEX}/${RECIPE}/([^/]{1,255})$`);

/**
 * Parses the raw (still percent-encoded) path of a media URL, or null for anything that is not exactly one of
 * the templates. Only a file's name is decoded, and a decoded name holding a slash, a backslash, a NUL or a
 * dot segment is refused: a name is compared with what the store announced, never used as a path.
 */
export function parseMediaPath(rawPath: string): MediaRequest | null {
  const rendition = RENDITION.exec(rawPath);
  if (rendition) {
    const [, route, hex, recipe, width, format] = rendition;
    return {
      route: route === 'r' ? 'image' : 'poster',
      hex,
      recipe: Number(recipe),
      width: Number(width),
      format: format as ImageFormat,
    };
  }
  const video = VIDEO.exec(rawPath);
  if (video) return { route: 'video', hex: video[1], recipe: Number(video[2]), variant: video[3], format: video[4] };
  const file = FILE.exec(rawPath);
  if (!file) return null;
  const filename = decodeSegment(file[3]);
  if (filename === null || !isSafeFilename(filename)) return null;
  return { route: 'file', hex: file[1], recipe: Number(file[2]), filename };
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** A file name a descriptor may announce: no path separators, no control characters, no dot segments. */
export function isSafeFilename(name: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds
  const unsafe = /[/\\\u0000-\u001f\u007f]/;
  return name.length > 0 && name.length <= 255 && !unsafe.test(name) && name !== '.' && name !== '..';
}

/** The path of one rendition of a descriptor (for clients and tests); null when the descriptor does not announce it. */
export function renditionPath(descriptor: MediaDescriptor, width: number, format: ImageFormat): string | null {
  const hex = hexOf(descriptor.id);
  if (hex === null || !descriptor.widths.includes(width) || !descriptor.formats.includes(format)) return null;
  return renditionUrl(descriptor, hex, width, format);
}

function renditionUrl(descriptor: MediaDescriptor, hex: string, width: number, format: ImageFormat): string {
  const route = descriptor.kind === 'video' ? 'p' : 'r';
  return `/${route}/${hex}/${descriptor.recipe}/${width}.${format}`;
}

/** Every URL path a descriptor announces: its renditions (or poster renditions), video variants and file. */
export function announcedPaths(descriptor: MediaDescriptor): string[] {
  const hex = hexOf(descriptor.id);
  if (hex === null) return [];
  const base = `${hex}/${descriptor.recipe}`;
  const renditions = descriptor.widths.flatMap((w) =>
    descriptor.formats.map((f) => renditionUrl(descriptor, hex, w, f)),
  );
  const variants = (descriptor.variants ?? []).map((v) => `/v/${base}/${v.name}.${v.format}`);
  const file =
    descriptor.kind === 'file' && descriptor.filename !== null
      ? [`/f/${base}/${encodeURIComponent(descriptor.filename)}`]
      : [];
  return [...renditions, ...variants, ...file];
}
