import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { COLOURS } from '../generator/words';
import {
  LOGOS,
  MANUALS,
  PACKSHOTS,
  POSTERS,
  sourcePath,
  type LogoSpec,
  type ManualSpec,
  type PackshotSpec,
  type PosterSpec,
  type SeedMediaLibrary,
} from './library';

const BACKDROP: Record<PackshotSpec['bg'], string> = { white: '#ffffff', transparent: 'none', light: '#efeae2' };

function shapeSvg(spec: Pick<PackshotSpec, 'shape' | 'w' | 'h'>, fill: string): string {
  const { w, h } = spec;
  const s = Math.min(w, h) * 0.62;
  const [cx, cy] = [w / 2, h / 2];
  // A faint edge, as a photo has: a white product on a white backdrop would otherwise not show at all.
  const paint = `fill="${fill}" stroke="#000" stroke-opacity="0.12" stroke-width="${(s * 0.008).toFixed(1)}"`;
  if (spec.shape === 'circle') return `<circle cx="${cx}" cy="${cy}" r="${s / 2}" ${paint}/>`;
  if (spec.shape === 'rounded')
    return `<rect x="${cx - s / 2}" y="${cy - s * 0.6}" width="${s}" height="${s * 1.2}" rx="${s / 8}" ${paint}/>`;
  return `<polygon points="${cx},${cy - s * 0.6} ${cx + s / 2},${cy} ${cx},${cy + s * 0.6} ${cx - s / 2},${cy}" ${paint}/>`;
}

/** A product-coloured shape on a white, transparent or light backdrop, as a PNG. */
export function packshotPng(spec: PackshotSpec): Promise<Buffer> {
  const backdrop = BACKDROP[spec.bg] === 'none' ? '' : `<rect width="100%" height="100%" fill="${BACKDROP[spec.bg]}"/>`;
  const shadow = `<ellipse cx="${spec.w / 2}" cy="${spec.h * 0.86}" rx="${spec.w * 0.25}" ry="${spec.h * 0.02}" fill="#000" fill-opacity="0.08"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.w}" height="${spec.h}">${backdrop}${shadow}${shapeSvg(spec, COLOURS[spec.colour][2])}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

function posterPng(spec: PosterSpec): Promise<Buffer> {
  const colour = COLOURS[spec.colour][2];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.w}" height="${spec.h}"><rect width="100%" height="100%" fill="#e9edf2"/>` +
    `${shapeSvg({ shape: 'circle', w: spec.w * 0.6, h: spec.h }, colour)}<polygon ` +
    `points="${spec.w * 0.72},${spec.h * 0.4} ${spec.w * 0.72},${spec.h * 0.6} ` +
    `${spec.w * 0.8},${spec.h * 0.5}" fill="#222"/></svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/** A brand logo: its mark (a shape) and two bars standing in for the name, in the brand's colour on transparency. */
function logoPng(spec: LogoSpec): Promise<Buffer> {
  const colour = COLOURS[spec.colour][2];
  const { w, h } = spec;
  const mark = shapeSvg({ shape: spec.shape, w: h, h }, colour);
  const bars =
    `<rect x="${h}" y="${h * 0.34}" width="${w * 0.5}" height="${h * 0.16}" rx="${h * 0.04}" fill="${colour}"/>` +
    `<rect x="${h}" y="${h * 0.56}" width="${w * 0.3}" height="${h * 0.1}" rx="${h * 0.04}" fill="#333"/>`;
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${mark}${bars}</svg>`))
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function manualPdf(spec: ManualSpec): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= spec.pages; page++) {
    const p = pdf.addPage([595, 842]);
    p.drawText(`Aisle demo product manual (${spec.name})`, {
      x: 60,
      y: 760,
      size: 18,
      font,
      color: rgb(0.1, 0.1, 0.1),
    });
    p.drawText(`Page ${page} of ${spec.pages}: care, use and safety instructions.`, { x: 60, y: 720, size: 12, font });
  }
  return pdf.save({ useObjectStreams: false });
}

const hashOf = (bytes: Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/** The file at `source` under `root`, made by `make` when it does not exist yet; returns the bytes on disk. */
async function ensureFile(root: string, source: string, make: () => Promise<Uint8Array>): Promise<Uint8Array> {
  const file = path.join(root, source);
  const existing = await readFile(file).catch(() => null);
  if (existing) return existing;
  const bytes = await make();
  await mkdir(path.dirname(file), { recursive: true });
  const aside = `${file}.${process.pid}.tmp`;
  await writeFile(aside, bytes);
  await rename(aside, file);
  return bytes;
}

/**
 * Writes the seed's source media (packshots, manuals, posters, brand logos) under `root` (the media source root)
 * unless they are there already, and returns the library with the hashes of the bytes on disk. Made once per data
 * directory (a few seconds).
 */
export async function ensureSeedMedia(root: string): Promise<SeedMediaLibrary> {
  const packshots = [];
  for (const spec of PACKSHOTS) {
    const source = sourcePath(spec.name, 'png');
    packshots.push({ ...spec, source, hash: hashOf(await ensureFile(root, source, () => packshotPng(spec))) });
  }
  const manuals = [];
  for (const spec of MANUALS) {
    const source = sourcePath(spec.name, 'pdf');
    const bytes = await ensureFile(root, source, () => manualPdf(spec));
    manuals.push({ ...spec, source, hash: hashOf(bytes), bytes: bytes.byteLength });
  }
  const posters = [];
  for (const spec of POSTERS) {
    const source = sourcePath(spec.name, 'png');
    posters.push({ ...spec, source, hash: hashOf(await ensureFile(root, source, () => posterPng(spec))) });
  }
  const logos = [];
  for (const spec of LOGOS) {
    const source = sourcePath(spec.name, 'png');
    logos.push({ ...spec, source, hash: hashOf(await ensureFile(root, source, () => logoPng(spec))) });
  }
  return { packshots, manuals, posters, logos };
}
