import { encode } from 'blurhash';
import sharp from 'sharp';
import type { ImageFacts } from './descriptor';
import { classifyBackground, dominantColour, onWhite, type Pixels } from './pixels';
import { renditionWidths, type Recipe } from './recipe';
import { renditionName } from './rendition-store';

const SAMPLE = 64;
const BLURHASH_SAMPLE = 32;

async function sample(bytes: Uint8Array, size: number): Promise<Pixels> {
  const { data, info } = await sharp(bytes)
    .autoOrient()
    .resize(size, size, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Size (as displayed, after EXIF orientation), blurhash, dominant colour and background of an image. */
export async function analyseImage(bytes: Uint8Array): Promise<ImageFacts> {
  const meta = await sharp(bytes).metadata();
  const { width, height } = meta.autoOrient;
  const pixels = await sample(bytes, SAMPLE);
  const small = await sample(bytes, BLURHASH_SAMPLE);
  // Four components along the longer side, three along the shorter: enough for a placeholder.
  const [cx, cy] = small.width >= small.height ? [4, 3] : [3, 4];
  return {
    w: width,
    h: height,
    blurhash: encode(onWhite(small), small.width, small.height, cx, cy),
    color: dominantColour(pixels),
    bg: classifyBackground(pixels),
  };
}

/** Every rendition of an image under `recipe`: files named `<width>.<format>`, and the widths made. */
export async function renderImage(
  bytes: Uint8Array,
  recipe: Recipe,
  sourceWidth: number,
): Promise<{ widths: number[]; files: Map<string, Buffer> }> {
  const widths = renditionWidths(recipe, sourceWidth);
  const base = sharp(bytes).autoOrient();
  const files = new Map<string, Buffer>();
  for (const width of widths) {
    const resized = base.clone().resize({ width, withoutEnlargement: true });
    for (const format of recipe.formats) {
      const out =
        format === 'avif'
          ? resized.clone().avif({ quality: recipe.avif.quality, effort: recipe.avif.effort })
          : resized
              .clone()
              .flatten({ background: recipe.flatten })
              .jpeg({ quality: recipe.jpeg.quality, progressive: true, mozjpeg: false });
      files.set(renditionName(width, format), await out.toBuffer());
    }
  }
  return { widths, files };
}
