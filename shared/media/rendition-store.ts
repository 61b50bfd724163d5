import { LRUCache } from 'lru-cache';
import { createHash, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaKind } from './descriptor';
import { isManifest, type Manifest } from './manifest';

const CACHE_LIMIT = 10_000;
const manifestName = (kind: MediaKind) => `manifest-${kind}.json`;

/** The file name of an image (or poster) rendition inside its (hash, recipe) folder. */
export const renditionName = (width: number, format: string) => `${width}.${format}`;
export const videoName = (variant: string, format: string) => `video-${variant}.${format}`;
export const ORIGINAL = 'original';

const isMissing = (err: unknown) =>
  typeof err === 'object' && err !== null && 'code' in err && (err.code === 'ENOENT' || err.code === 'ENOTDIR');

/** Whether the file exists; ENOTDIR (a file where a folder is expected) is missing too, other errors throw. */
function existsNow(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false }) !== undefined;
  } catch (err) {
    if (isMissing(err)) return false;
    throw err;
  }
}

/**
 * Content-addressed renditions on disk: `<root>/<hex[0..2]>/<hex>/<recipe>/` holds the files and one manifest
 * per kind the bytes were used as (the same picture can be a product image and a video's poster; both share
 * the renditions). Every file is written aside and renamed into place, the manifest last, so a manifest only
 * ever announces files that exist. Nothing is changed afterwards except the names a file is announced under
 * (one marker file per name). Manifests are cached in memory: they never change once written.
 */
export class RenditionStore {
  private readonly cache = new LRUCache<string, Manifest>({ max: CACHE_LIMIT });

  constructor(readonly root: string) {}

  folder(hex: string, recipe: number): string {
    if (!/^[0-9a-f]{64}$/.test(hex) || !Number.isInteger(recipe) || recipe < 1)
      throw new Error(`bad rendition key ${hex}/${recipe}`);
    return path.join(this.root, hex.slice(0, 2), hex, String(recipe));
  }

  /** The path of one file of a (hash, recipe) folder; `name` must come from the store's own naming. */
  filePath(hex: string, recipe: number, name: string): string {
    return path.join(this.folder(hex, recipe), name);
  }

  async manifest(hex: string, recipe: number, kind: MediaKind): Promise<Manifest | null> {
    const key = `${hex}/${recipe}/${kind}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const file = this.filePath(hex, recipe, manifestName(kind));
    // Most probes are of media not rendered yet, and a missing manifest is never kept (it may be written any moment).
    // A synchronous stat answers that from the kernel's directory cache for about 3 us of CPU, where a failed
    // promise readFile costs about 30 us through the thread pool and an error object; a found one is read async.
    if (!existsNow(file)) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(file, 'utf8'));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    if (!isManifest(parsed) || parsed.kind !== kind) return null;
    this.cache.set(key, parsed);
    return parsed;
  }

  /** Writes the files of a (hash, recipe), then its manifest. Concurrent writers of the same key write the same bytes. */
  async commit(hex: string, recipe: number, manifest: Manifest, files: ReadonlyMap<string, Uint8Array>): Promise<void> {
    const folder = this.folder(hex, recipe);
    await mkdir(folder, { recursive: true });
    for (const [name, bytes] of files) await this.writeAtomically(path.join(folder, name), bytes);
    await this.writeAtomically(path.join(folder, manifestName(manifest.kind)), JSON.stringify(manifest));
  }

  private async writeAtomically(file: string, bytes: Uint8Array | string): Promise<void> {
    const aside = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(aside, bytes);
      await rename(aside, file);
    } finally {
      await rm(aside, { force: true });
    }
  }

  private nameMarker(hex: string, recipe: number, filename: string): string {
    return path.join(this.folder(hex, recipe), 'names', createHash('sha256').update(filename).digest('hex'));
  }

  /** Announces that the file of (hash, recipe) may be downloaded under `filename`. */
  async announceFilename(hex: string, recipe: number, filename: string): Promise<void> {
    if (await this.isAnnounced(hex, recipe, filename)) return;
    const marker = this.nameMarker(hex, recipe, filename);
    await mkdir(path.dirname(marker), { recursive: true });
    await writeFile(marker, '');
  }

  async isAnnounced(hex: string, recipe: number, filename: string): Promise<boolean> {
    return access(this.nameMarker(hex, recipe, filename)).then(
      () => true,
      () => false,
    );
  }
}
