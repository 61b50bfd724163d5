import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SearchDocument } from '../../document';
import type { IndexData } from '../index-data';
import { readSnapshot, readSnapshotDocuments, writeSnapshot } from './snapshot-files';

const GENERATION = /^g(\d{9})$/;

/**
 * Snapshots per index under a root directory: `<root>/<index>/g000000001`, one immutable directory per
 * refresh. Readers take the highest complete generation; older ones are removed after a newer one lands.
 */
export class SnapshotStore {
  constructor(readonly root: string) {}

  /** Writes a new generation of the index and drops the older ones; returns its directory. */
  async write(name: string, data: IndexData, documents: Iterable<SearchDocument>): Promise<string> {
    const generations = await this.generations(name);
    const next = (generations.at(-1) ?? 0) + 1;
    await mkdir(join(this.root, name), { recursive: true });
    const dir = this.dirOf(name, next);
    await writeSnapshot(dir, data, documents);
    for (const old of generations) await rm(this.dirOf(name, old), { recursive: true, force: true });
    return dir;
  }

  /** The newest snapshot of an index, or null when it has none. */
  async read(name: string): Promise<{ data: IndexData; documents: () => Promise<Map<string, SearchDocument>> } | null> {
    const latest = (await this.generations(name)).at(-1);
    if (latest === undefined) return null;
    const dir = this.dirOf(name, latest);
    return { data: await readSnapshot(dir), documents: () => readSnapshotDocuments(dir) };
  }

  /** Names of the indices with at least one complete generation, whose names start with `prefix`. */
  async list(prefix: string): Promise<string[]> {
    const names = (await readdir(this.root).catch(() => [] as string[])).filter((name) => name.startsWith(prefix));
    const withData = await Promise.all(names.map(async (name) => ((await this.generations(name)).length > 0 ? name : null)));
    return withData.filter((name): name is string => name !== null);
  }

  /** Removes every generation of an index. */
  async remove(name: string): Promise<void> {
    await rm(join(this.root, name), { recursive: true, force: true });
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
