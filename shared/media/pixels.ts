import type { Background } from './descriptor';

/** Raw RGBA pixels, row by row. */
export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
}

// Thresholds of the background classification (recorded in docs/decisions.md).
const BORDER_SHARE = 0.03;
const TRANSPARENT_ALPHA = 32;
const TRANSPARENT_SHARE = 0.5;
const WHITE_MIN_CHANNEL = 245;
const WHITE_SHARE = 0.9;
/** Pixels this close (max channel difference) to the mean border colour count as background for the dominant colour. */
const BACKGROUND_DISTANCE = 24;

type Rgba = [number, number, number, number];

function pixelAt(px: Pixels, i: number): Rgba {
  const o = i * 4;
  return [px.data[o], px.data[o + 1], px.data[o + 2], px.data[o + 3]];
}

/** Indices of the pixels in the outer frame (3% of the shorter side, at least one pixel). */
export function borderIndices(width: number, height: number): number[] {
  const b = Math.max(1, Math.round(Math.min(width, height) * BORDER_SHARE));
  const out: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) if (x < b || y < b || x >= width - b || y >= height - b) out.push(y * width + x);
  }
  return out;
}

/**
 * The background of a packshot from its frame: transparent when at least half the frame is see-through,
 * white when nine tenths of it are near white (every channel at least 245), otherwise light.
 */
export function classifyBackground(px: Pixels): Background {
  const frame = borderIndices(px.width, px.height).map((i) => pixelAt(px, i));
  if (frame.length === 0) return 'light';
  const clear = frame.filter(([, , , a]) => a < TRANSPARENT_ALPHA).length;
  if (clear / frame.length >= TRANSPARENT_SHARE) return 'transparent';
  const white = frame.filter(([r, g, b, a]) => a >= TRANSPARENT_ALPHA && Math.min(r, g, b) >= WHITE_MIN_CHANNEL).length;
  return white / frame.length >= WHITE_SHARE ? 'white' : 'light';
}

const hex2 = (n: number) => Math.round(n).toString(16).padStart(2, '0');
const toHex = (r: number, g: number, b: number) => `#${hex2(r)}${hex2(g)}${hex2(b)}`;

function meanOf(pixels: readonly Rgba[]): [number, number, number] {
  const sum: [number, number, number] = [0, 0, 0];
  for (const [r, g, b] of pixels) {
    sum[0] += r;
    sum[1] += g;
    sum[2] += b;
  }
  const n = Math.max(1, pixels.length);
  return [sum[0] / n, sum[1] / n, sum[2] / n];
}

/**
 * The dominant colour of the subject, `#rrggbb`: opaque pixels that differ from the frame's mean colour are
 * grouped in 4-bit-per-channel buckets, and the fullest bucket's mean wins. An image that is all background
 * gives the background's colour.
 */
export function dominantColour(px: Pixels): string {
  const all = Array.from({ length: px.width * px.height }, (_, i) => pixelAt(px, i)).filter(([, , , a]) => a >= 128);
  const frame = borderIndices(px.width, px.height)
    .map((i) => pixelAt(px, i))
    .filter(([, , , a]) => a >= 128);
  const [br, bg, bb] = meanOf(frame);
  const subject =
    frame.length === 0
      ? all
      : all.filter(([r, g, b]) => Math.max(Math.abs(r - br), Math.abs(g - bg), Math.abs(b - bb)) > BACKGROUND_DISTANCE);
  const pool = subject.length > 0 ? subject : all;
  if (pool.length === 0) return '#ffffff';
  const buckets = new Map<number, Rgba[]>();
  for (const p of pool) {
    const key = ((p[0] >> 4) << 8) | ((p[1] >> 4) << 4) | (p[2] >> 4);
    const list = buckets.get(key);
    if (list) list.push(p);
    else buckets.set(key, [p]);
  }
  let best: Rgba[] = [];
  for (const list of buckets.values()) if (list.length > best.length) best = list;
  return toHex(...meanOf(best));
}

/** The pixels composited onto white (for the blurhash, which has no alpha). */
export function onWhite(px: Pixels): Uint8ClampedArray {
  const out = new Uint8ClampedArray(px.data.length);
  for (let o = 0; o < px.data.length; o += 4) {
    const a = px.data[o + 3] / 255;
    for (let c = 0; c < 3; c++) out[o + c] = px.data[o + c] * a + 255 * (1 - a);
    out[o + 3] = 255;
  }
  return out;
}
