// @ts-check
import { h } from './dom.js';

/** @typedef {import('./types.js').Media} Media */
/** @typedef {import('./types.js').MediaConfig} MediaConfig */

/** @type {MediaConfig | null} */
let config = null;

/** @param {MediaConfig} media the site's `media` block */
export function setMediaConfig(media) {
  config = media;
}

/**
 * A URL the descriptor announces: only its own widths times formats exist on the media host.
 * @param {Media} d
 * @param {number} width
 * @param {string} format
 */
function renditionUrl(d, width, format) {
  if (config === null) throw new Error('media config not loaded');
  const template = d.kind === 'video' ? config.templates.poster : config.templates.image;
  const path = template
    .replace('{hash}', d.id.replace(/^sha256:/, ''))
    .replace('{recipe}', String(d.recipe))
    .replace('{width}', String(width))
    .replace('{format}', format);
  return `${config.baseUrl}${path}`;
}

/**
 * @param {Media} d
 * @param {string} format
 */
const srcset = (d, format) => d.widths.map((w) => `${renditionUrl(d, w, format)} ${w}w`).join(', ');

/**
 * A responsive picture of an image (or a video's poster): AVIF where the browser takes it, else JPEG.
 * @param {Media | null} d
 * @param {{ sizes: string, alt: string, language: string, className?: string, eager?: boolean }} options
 */
export function picture(d, options) {
  const className = `media ${options.className ?? ''}`;
  if (d === null || d.kind === 'file' || d.widths.length === 0)
    return h('div', { class: `${className} media-empty`, role: 'img', 'aria-label': options.alt });
  const formats = d.kind === 'video' ? ['avif'] : d.formats;
  const fallback = formats.includes('jpeg') ? 'jpeg' : (formats[0] ?? 'jpeg');
  const widest = d.widths[d.widths.length - 1] ?? 0;
  const middle = d.widths.find((w) => w >= 640) ?? widest;
  const alt = d.alt[options.language] ?? d.alt.en ?? options.alt;
  return h(
    'picture',
    { class: className, dataset: { bg: d.bg ?? 'white' } },
    formats
      .filter((f) => f !== fallback)
      .map((f) => h('source', { type: `image/${f}`, srcset: srcset(d, f), sizes: options.sizes })),
    h('img', {
      src: renditionUrl(d, middle, fallback),
      srcset: srcset(d, fallback),
      sizes: options.sizes,
      alt,
      width: d.w ?? undefined,
      height: d.h ?? undefined,
      loading: options.eager ? 'eager' : 'lazy',
      decoding: 'async',
    }),
  );
}

/**
 * Where a file (a manual) downloads from.
 * @param {Media} d
 */
export function fileUrl(d) {
  if (config === null || d.filename === null) return null;
  return `${config.baseUrl}${config.templates.file
    .replace('{hash}', d.id.replace(/^sha256:/, ''))
    .replace('{recipe}', String(d.recipe))
    .replace('{filename}', encodeURIComponent(d.filename))}`;
}
