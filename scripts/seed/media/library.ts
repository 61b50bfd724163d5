import { createHash } from 'node:crypto';
import { COLOURS } from '../generator/words';

// The seed's packshot library: a small fixed set of sources reused across products, as a real packshot library
// is (products sharing source bytes share a hash, so their renditions are made once). Generating a catalogue of
// any size costs nothing more than choosing among these.

export type Shape = 'circle' | 'rounded' | 'diamond';
export type SeedBackground = 'white' | 'transparent' | 'light';

export interface PackshotSpec {
  name: string;
  colour: number;
  shape: Shape;
  bg: SeedBackground;
  w: number;
  h: number;
}
export interface ManualSpec {
  name: string;
  pages: number;
}
export interface PosterSpec {
  name: string;
  colour: number;
  w: number;
  h: number;
  duration: number;
}
export interface LogoSpec {
  name: string;
  colour: number;
  shape: Shape;
  w: number;
  h: number;
}

const SHAPES: readonly Shape[] = ['circle', 'rounded', 'diamond'];
const BACKGROUNDS: readonly SeedBackground[] = ['white', 'transparent', 'light'];

/** Two looks per colour: a square shot and a portrait one, on varied shapes and backgrounds. */
export const PACKSHOTS: readonly PackshotSpec[] = COLOURS.flatMap((_, colour) =>
  [0, 1].map((look) => ({
    name: `packshot-${String(colour).padStart(2, '0')}-${look}`,
    colour,
    shape: SHAPES[(colour + look) % SHAPES.length],
    bg: BACKGROUNDS[(colour * 2 + look) % BACKGROUNDS.length],
    w: look === 0 ? 2000 : 1600,
    h: 2000,
  })),
);

export const MANUALS: readonly ManualSpec[] = [
  { name: 'manual-a', pages: 2 },
  { name: 'manual-b', pages: 4 },
  { name: 'manual-c', pages: 8 },
];

/** Video posters (landscape); the videos themselves are not hosted here (see docs/decisions.md). */
export const POSTERS: readonly PosterSpec[] = [
  { name: 'poster-0', colour: 4, w: 1920, h: 1080, duration: 32.5 },
  { name: 'poster-1', colour: 6, w: 1920, h: 1080, duration: 48 },
];

/**
 * Brand logos (a mark and a bar "wordmark" on transparency, landscape): brand `i` (0-based) has logo `i`, so the
 * first brands have a logo and the rest of a seed's brands (always at least 12) have none.
 */
export const LOGOS: readonly LogoSpec[] = Array.from({ length: 8 }, (_, i) => ({
  name: `logo-${i}`,
  colour: (i * 5) % COLOURS.length,
  shape: SHAPES[i % SHAPES.length],
  w: 800,
  h: 320,
}));

export interface LibraryItem {
  source: string;
  hash: string;
}

/** The library as rows refer to it: each item's source path (under the media source root) and the hash of its bytes. */
export interface SeedMediaLibrary {
  packshots: ReadonlyArray<LibraryItem & PackshotSpec>;
  manuals: ReadonlyArray<LibraryItem & ManualSpec & { bytes: number }>;
  posters: ReadonlyArray<LibraryItem & PosterSpec>;
  logos: ReadonlyArray<LibraryItem & LogoSpec>;
}

export const sourcePath = (name: string, extension: string) => `seed/${name}.${extension}`;

const fakeHash = (name: string) => `sha256:${createHash('sha256').update(`placeholder:${name}`).digest('hex')}`;

/**
 * The library without files (pure): the same paths, with hashes that no bytes have. Seeds that are never
 * indexed with media (unit tests, the seed benchmark) use it; `ensureSeedMedia` gives the real one.
 */
export function placeholderLibrary(): SeedMediaLibrary {
  return {
    packshots: PACKSHOTS.map((p) => ({ ...p, source: sourcePath(p.name, 'png'), hash: fakeHash(p.name) })),
    manuals: MANUALS.map((m) => ({
      ...m,
      source: sourcePath(m.name, 'pdf'),
      hash: fakeHash(m.name),
      bytes: 1000 * m.pages,
    })),
    posters: POSTERS.map((p) => ({ ...p, source: sourcePath(p.name, 'png'), hash: fakeHash(p.name) })),
    logos: LOGOS.map((l) => ({ ...l, source: sourcePath(l.name, 'png'), hash: fakeHash(l.name) })),
  };
}
