import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { hashId } from './descriptor';
import type { FileManifest, ImageManifest, Manifest, VideoManifest } from './manifest';
import type { Recipe } from './recipe';
import { analyseImage, renderImage } from './render';
import { ORIGINAL, videoName } from './rendition-store';
import { sniff } from './sniff';

/** A source whose bytes are not what its row says (not an image, not a video, a PDF that does not parse). */
export class MediaContentError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'MediaContentError';
  }
}

export type Made<M extends Manifest> = { manifest: M; files: Map<string, Uint8Array> };

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function makeImage(hex: string, bytes: Uint8Array, recipe: Recipe): Promise<Made<ImageManifest>> {
  if (sniff(bytes)?.kind !== 'image') throw new MediaContentError('not an image');
  const facts = await analyseImage(bytes);
  const { widths, files } = await renderImage(bytes, recipe, facts.w);
  return {
    manifest: { kind: 'image', hash: hashId(hex), recipe: recipe.id, facts, widths, formats: [...recipe.formats] },
    files,
  };
}

/**
 * A video: its poster's renditions, and the video itself passed through as the single variant `source` when
 * there is one (nothing here can transcode video). `hex` is the video's hash, or the poster's for a poster-only video.
 */
export async function makeVideo(
  hex: string,
  poster: Uint8Array,
  video: Uint8Array | null,
  recipe: Recipe,
): Promise<Made<VideoManifest>> {
  const image = await makeImage(sha256Hex(poster), poster, recipe);
  const { facts, widths, formats } = image.manifest;
  const files = image.files;
  const variants: VideoManifest['variants'] = [];
  if (video !== null) {
    const kind = sniff(video);
    if (kind?.kind !== 'video') throw new MediaContentError('not a video (MP4 or WebM)');
    variants.push({ name: 'source', format: kind.format, bytes: video.byteLength });
    files.set(videoName('source', kind.format), video);
  }
  const manifest: VideoManifest = {
    kind: 'video',
    hash: hashId(hex),
    recipe: recipe.id,
    poster: { id: image.manifest.hash, ...facts },
    widths,
    formats,
    variants,
  };
  return { manifest, files };
}

/** A downloadable file, kept as it is; a PDF's pages are counted. */
export async function makeFile(hex: string, bytes: Uint8Array, recipe: Recipe): Promise<Made<FileManifest>> {
  const kind = sniff(bytes);
  let pages: number | null = null;
  if (kind?.kind === 'file') {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true }).catch(() => {
      throw new MediaContentError('a PDF that does not parse');
    });
    pages = pdf.getPageCount();
  }
  const mime = kind?.kind === 'file' ? kind.mime : 'application/octet-stream';
  return {
    manifest: { kind: 'file', hash: hashId(hex), recipe: recipe.id, bytes: bytes.byteLength, pages, mime },
    files: new Map([[ORIGINAL, bytes]]),
  };
}
