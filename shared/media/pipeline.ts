import { buildDescriptor, fileNameOf } from './build-descriptor';
import { hexOf, type MediaDescriptor } from './descriptor';
import { MediaContentError, makeFile, makeImage, makeVideo, sha256Hex, type Made } from './make-renditions';
import type { Manifest, MediaItem, MediaRow } from './manifest';
import { currentRecipe, type Recipe } from './recipe';
import type { RenditionStore } from './rendition-store';
import { MediaSourceError, type SourceReader } from './source-reader';

/** A media item left off its product, as a sync-run warning: `MEDIA_UNREADABLE` or `MEDIA_HASH_MISMATCH`. */
export interface MediaWarning {
  code: 'MEDIA_UNREADABLE' | 'MEDIA_HASH_MISMATCH';
  productId: string;
  detail: string;
}

export interface MediaPipelineDeps {
  store: RenditionStore;
  read: SourceReader;
  /** Defaults to the current recipe. */
  recipe?: Recipe;
}

class HashMismatch extends Error {}

const ANNOUNCED_LIMIT = 100_000;

/**
 * Makes renditions once per (hash, recipe, kind) and builds descriptors. A manifest in the store means the
 * work is done: the source is not even read again. Items sharing bytes within a batch share one rendering.
 */
export class MediaPipeline {
  readonly recipe: Recipe;
  /** Renderings made and manifests reused since this pipeline was created. */
  readonly stats = { rendered: 0, reused: 0 };
  private readonly inflight = new Map<string, Promise<Manifest>>();
  private readonly announced = new Set<string>();

  constructor(private readonly deps: MediaPipelineDeps) {
    this.recipe = deps.recipe ?? currentRecipe();
  }

  /** Descriptors of `rows` per product id (in row order), and a warning for each item left off. */
  async describe(
    rows: readonly MediaRow[],
  ): Promise<{ descriptors: Map<number, MediaDescriptor[]>; warnings: MediaWarning[] }> {
    const descriptors = new Map<number, MediaDescriptor[]>();
    const warnings: MediaWarning[] = [];
    for (const row of rows) {
      try {
        const descriptor = buildDescriptor(row, await this.ensure(row));
        const list = descriptors.get(row.productId);
        if (list) list.push(descriptor);
        else descriptors.set(row.productId, [descriptor]);
      } catch (err) {
        warnings.push(toWarning(row, err));
      }
    }
    return { descriptors, warnings };
  }

  /** The manifest of an item's media, making the renditions when they do not exist yet. */
  async ensure(row: MediaItem): Promise<Manifest> {
    const hex = hexOf(row.hash);
    if (hex === null) throw new MediaContentError(`not a sha256 id: ${row.hash}`);
    const existing = await this.deps.store.manifest(hex, this.recipe.id, row.kind);
    const manifest = existing ?? (await this.once(`${hex}/${row.kind}`, () => this.make(hex, row)));
    if (existing) this.stats.reused++;
    if (manifest.kind === 'file') await this.announce(hex, fileNameOf(row, manifest.mime));
    return manifest;
  }

  /**
   * The manifest of an image known only by its source (a configured swatch image: nobody recorded its hash). The
   * source is read every time, since only its bytes say whether it changed; they are rendered once per hash.
   */
  async ensureImageSource(source: string): Promise<Manifest> {
    const bytes = await this.deps.read(source);
    const hex = sha256Hex(bytes);
    const existing = await this.deps.store.manifest(hex, this.recipe.id, 'image');
    if (existing) {
      this.stats.reused++;
      return existing;
    }
    return this.once(`${hex}/image`, () => this.commitMade(hex, makeImage(hex, bytes, this.recipe)));
  }

  private async once(key: string, make: () => Promise<Manifest>): Promise<Manifest> {
    const running = this.inflight.get(key);
    if (running !== undefined) return running;
    const promise = make().finally(() => this.inflight.delete(key));
    this.inflight.set(key, promise);
    return promise;
  }

  private async announce(hex: string, filename: string): Promise<void> {
    const key = `${hex}/${this.recipe.id}/${filename}`;
    if (this.announced.has(key)) return;
    await this.deps.store.announceFilename(hex, this.recipe.id, filename);
    // Only a shortcut past a file-system check: forgetting it all now and then keeps a long-lived worker's memory bounded.
    if (this.announced.size >= ANNOUNCED_LIMIT) this.announced.clear();
    this.announced.add(key);
  }

  private make(hex: string, row: MediaItem): Promise<Manifest> {
    return this.commitMade(hex, this.render(hex, row));
  }

  private async commitMade(hex: string, making: Promise<Made<Manifest>>): Promise<Manifest> {
    const made = await making;
    await this.deps.store.commit(hex, this.recipe.id, made.manifest, made.files);
    this.stats.rendered++;
    return made.manifest;
  }

  private async render(hex: string, row: MediaItem): Promise<Made<Manifest>> {
    const read = async (source: string | null, what: string) => {
      if (source === null) throw new MediaContentError(`no ${what} source`);
      return this.deps.read(source);
    };
    const verified = (bytes: Buffer) => {
      if (sha256Hex(bytes) !== hex) throw new HashMismatch(`the source's bytes do not hash to ${row.hash}`);
      return bytes;
    };
    if (row.kind === 'image') return makeImage(hex, verified(await read(row.source, 'image')), this.recipe);
    if (row.kind === 'file') return makeFile(hex, verified(await read(row.source, 'file')), this.recipe);
    const poster = await read(row.posterSource, 'poster');
    const video = row.source === null ? null : verified(await read(row.source, 'video'));
    return makeVideo(hex, video === null ? verified(poster) : poster, video, this.recipe);
  }
}

/** Why an item could not be made: its warning code and a reason fit for a run's warnings. */
export function mediaFailure(err: unknown): { code: MediaWarning['code']; reason: string } {
  const code = err instanceof HashMismatch ? 'MEDIA_HASH_MISMATCH' : 'MEDIA_UNREADABLE';
  const reason =
    err instanceof MediaSourceError || err instanceof MediaContentError || err instanceof HashMismatch
      ? err.message
      : `could not be rendered: ${err instanceof Error ? err.message : String(err)}`;
  return { code, reason };
}

function toWarning(row: MediaRow, err: unknown): MediaWarning {
  const { code, reason } = mediaFailure(err);
  return { code, productId: String(row.productId), detail: `media ${row.id} (${row.kind}): ${reason}` };
}
