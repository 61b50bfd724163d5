import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { SearchDocument } from '../../document';
import type { KeptDocument } from '../kept-document';
import type { DetailFile, DetailSpans } from '../detail-file';
import type { IndexData } from '../index-data';
import { DELTA, readDeltaFile, writeDeltaFile, type DeltaRecord } from './delta-file';
import { DocumentSpool } from './document-spool';
import {
  finishSnapshot,
  MEMORY_CARDS_MAX,
  readSnapshot,
  readSnapshotDocuments,
  openDetails,
  writeDetailSpans,
  writeDetails,
  writeSnapshot,
  type DocumentLine,
} from './snapshot-files';

const GENERATION = /^g(\d{9})$/;
/** A directory being written (`g000000007.tmp-<pid>-<ms>`) or a spool (`spool.tmp-<pid>-<uuid>`), by its writer's pid. */
const TEMPORARY = /\.tmp-(\d+)-/;
/** A replaced generation stays this long, so a process still loading it finishes (loads take seconds). */
const DEFAULT_GRACE_MS = 60_000;
const READ_ATTEMPTS = 3;

/** A full build as loaded: its index, and its source documents read on demand. */
export interface LoadedBase {
  generation: number;
  data: IndexData;
  documents: () => Promise<Map<string, KeptDocument>>;
}

/**
 * One generation as loaded: a base, plus for a delta generation the overlay build and what it removed from the
 * base. Its card stores may hold open files: whoever serves it retains them and releases them when done.
 */
export interface LoadedGeneration {
  generation: number;
  base: LoadedBase;
  delta:
    | (Omit<DeltaRecord, 'base'> & { overlay: IndexData; overlayDocuments: () => Promise<Map<string, SearchDocument>> })
    | null;
}

export interface SnapshotStoreOptions {
  /** How long a replaced generation is kept (default 60 s). */
  graceMs?: number;
  now?: () => number;
  /** Card files up to this many bytes are read into memory; larger ones stay open and are read per hit (default 32 MiB). */
  memoryCardsMax?: number;
}

const isMissing = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'ENOENT';

/** Whether a process with this pid runs on this machine (EPERM: it runs, under another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

/**
 * Snapshots per index under a root directory: `<root>/<index>/g000000001`, one immutable directory per
 * generation. A generation is a full build, or a delta (the overlay build of changed documents plus `delta.json`
 * naming its base). Readers take the newest generation; replaced ones are removed only after a grace period, and
 * never while a kept delta still needs them as its base.
 */
export class SnapshotStore {
  private readonly graceMs: number;
  private readonly now: () => number;
  private readonly memoryCardsMax: number;

  constructor(
    readonly root: string,
    options: SnapshotStoreOptions = {},
  ) {
    this.graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
    this.now = options.now ?? Date.now;
    this.memoryCardsMax = options.memoryCardsMax ?? MEMORY_CARDS_MAX;
  }

  /**
   * Writes a full build as a new generation; returns its number and the details it kept (null: none), which the
   * caller attaches to the build's cards to serve them. `spooled`: a spool of this index holding exactly
   * `documents` (DocumentSpool.covers), whose directory becomes the generation, with the details it spooled. Else
   * `carried` gives a document's detail to keep (a merge keeps those of the versions it still serves).
   */
  async writeBase(
    name: string,
    data: IndexData,
    documents: Iterable<KeptDocument>,
    kept: { spooled?: DocumentSpool; carried?: (id: string) => Uint8Array | null } = {},
  ): Promise<{ generation: number; details: DetailFile | null }> {
    const { spooled, carried } = kept;
    const next = await this.nextGeneration(name);
    const dir = this.dirOf(name, next);
    let spans: DetailSpans | null = null;
    if (spooled === undefined)
      await writeSnapshot(dir, data, documents, async (temporary) => {
        if (carried !== undefined) spans = await writeDetails(temporary, data.ids, carried);
      });
    else {
      // The spool forgets its documents when it finishes.
      spans = spooled.detailSpans(data.ids);
      const temporary = await spooled.finish().catch(async (error: unknown) => {
        await spooled.discard();
        throw error;
      });
      await finishSnapshot(temporary, dir, data, async () => {
        if (spans !== null) await writeDetailSpans(temporary, spans);
      });
    }
    await this.collect(name);
    return { generation: next, details: spans === null ? null : openDetails(dir, spans) };
  }

  /** A spool for the documents of the next full build of an index (synchronous: it opens while writes are staged). */
  spool(name: string): DocumentSpool {
    return new DocumentSpool(join(this.root, name, `spool.tmp-${process.pid}-${randomUUID()}`));
  }

  /** Writes a delta over base generation `record.base` as a new generation (`line` serialises a document); returns its number. */
  async writeDelta(
    name: string,
    record: DeltaRecord,
    overlay: IndexData,
    overlayDocuments: Iterable<KeptDocument>,
    line?: DocumentLine,
  ): Promise<number> {
    const next = await this.nextGeneration(name);
    await writeSnapshot(this.dirOf(name, next), overlay, overlayDocuments, (dir) => writeDeltaFile(dir, record), line);
    await this.collect(name);
    return next;
  }

  /** The newest generation of an index, or null when it has none. */
  async latest(name: string): Promise<number | null> {
    return (await this.generations(name)).at(-1) ?? null;
  }

  /**
   * The newest generation of an index, or null. `have` is a base the caller already holds: a delta over it
   * loads only its overlay. A generation removed while it was being read is retried on the newer one.
   */
  async read(name: string, have?: LoadedBase): Promise<LoadedGeneration | null> {
    for (let attempt = 1; ; attempt++) {
      const latest = await this.latest(name);
      if (latest === null) return null;
      try {
        return await this.load(name, latest, have);
      } catch (error) {
        if (!isMissing(error) || attempt >= READ_ATTEMPTS) throw error;
      }
    }
  }

  /** Names of the indices with at least one complete generation, whose names start with `prefix`. */
  async list(prefix: string): Promise<string[]> {
    const names = (await readdir(this.root).catch(() => [] as string[])).filter((name) => name.startsWith(prefix));
    const withData = await Promise.all(
      names.map(async (name) => ((await this.generations(name)).length > 0 ? name : null)),
    );
    return withData.filter((name): name is string => name !== null);
  }

  /** Removes every generation of an index. */
  async remove(name: string): Promise<void> {
    await rm(join(this.root, name), { recursive: true, force: true });
  }

  private async load(name: string, generation: number, have?: LoadedBase): Promise<LoadedGeneration> {
    const dir = this.dirOf(name, generation);
    if (!(await readdir(dir)).includes(DELTA))
      return { generation, base: await this.loadBase(name, generation, have), delta: null };
    const record = await readDeltaFile(dir);
    const [base, overlay] = await Promise.allSettled([
      this.loadBase(name, record.base, have),
      readSnapshot(dir, this.memoryCardsMax),
    ]);
    if (base.status === 'rejected' || overlay.status === 'rejected') {
      // Whatever was read is nobody's: its card files close now.
      if (base.status === 'fulfilled' && base.value !== have) base.value.data.cards.release();
      if (overlay.status === 'fulfilled') overlay.value.cards.release();
      throw base.status === 'rejected' ? base.reason : (overlay as PromiseRejectedResult).reason;
    }
    const delta = {
      removed: record.removed,
      loss: record.loss,
      overlay: overlay.value,
      overlayDocuments: () => readSnapshotDocuments(dir),
    };
    return { generation, base: base.value, delta };
  }

  private async loadBase(name: string, generation: number, have?: LoadedBase): Promise<LoadedBase> {
    if (have?.generation === generation) return have;
    const dir = this.dirOf(name, generation);
    return {
      generation,
      data: await readSnapshot(dir, this.memoryCardsMax),
      documents: () => readSnapshotDocuments(dir),
    };
  }

  /** Removes generations replaced more than the grace period ago that no kept generation builds on. */
  private async collect(name: string): Promise<void> {
    const all = await this.generations(name);
    const keep = new Set<number>(all.slice(-1));
    for (let i = 0; i + 1 < all.length; i++) {
      const replacedAt = (await stat(this.dirOf(name, all[i + 1] as number))).mtimeMs;
      if (this.now() - replacedAt < this.graceMs) keep.add(all[i] as number);
    }
    for (const generation of [...keep]) {
      const dir = this.dirOf(name, generation);
      if ((await readdir(dir)).includes(DELTA)) keep.add((await readDeltaFile(dir)).base);
    }
    for (const generation of all)
      if (!keep.has(generation)) await rm(this.dirOf(name, generation), { recursive: true, force: true });
    await this.removeOrphans(name);
  }

  /**
   * Removes temporary directories whose writing process is gone: what a crash mid-write leaves (a full build's
   * spool and snapshot are as large as a generation). A directory of a running process, this one or another
   * writer's, is left alone: the embedded engine's snapshots are one machine's, so a pid names a process here.
   */
  private async removeOrphans(name: string): Promise<void> {
    const entries = await readdir(join(this.root, name)).catch(() => [] as string[]);
    for (const entry of entries) {
      const pid = TEMPORARY.exec(entry)?.[1];
      if (pid !== undefined && !isRunning(Number(pid)))
        await rm(join(this.root, name, entry), { recursive: true, force: true });
    }
  }

  private async nextGeneration(name: string): Promise<number> {
    await mkdir(join(this.root, name), { recursive: true });
    return ((await this.latest(name)) ?? 0) + 1;
  }

  private dirOf(name: string, generation: number): string {
    return join(this.root, name, `g${String(generation).padStart(9, '0')}`);
  }

  private async generations(name: string): Promise<number[]> {
    const entries = await readdir(join(this.root, name)).catch(() => [] as string[]);
    return entries
      .map((entry) => GENERATION.exec(entry)?.[1])
      .filter((g): g is string => g !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
  }
}
