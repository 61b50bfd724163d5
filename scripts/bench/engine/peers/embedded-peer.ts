import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { SearchDocument, SearchRequest, SearchResponse } from '../../../../shared/search';
import { EmbeddedSearchEngine } from '../../../../shared/search/embedded/lifecycle/embedded-engine';
import { SnapshotStore } from '../../../../shared/search/embedded/snapshot/snapshot-store';
import type { BenchPeer, PeerBuildReport, QueryName } from '../bench-types';
import { canMeasureMemory, settledMemory } from '../memory';
import { PORT_QUERIES } from '../queries';
import { type BuildTimes, INDEX } from './embedded-build';

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(0)} MB`;

/** Bytes of the newest generation's files, and of its card file. */
async function snapshotFiles(indexDir: string): Promise<{ total: number; cards: number }> {
  const generation = join(indexDir, (await readdir(indexDir)).sort().at(-1) ?? '');
  let total = 0;
  let cards = 0;
  for (const file of await readdir(generation)) {
    const size = (await stat(join(generation, file))).size;
    if (file !== 'documents.ndjson') total += size;
    if (file === 'cards.bin') cards = size;
  }
  return { total, cards };
}

/**
 * Aisle's embedded engine, measured as it serves: built and snapshotted by one engine (the indexer's role),
 * then loaded from the snapshot by a fresh engine (the API process's role), which answers the queries.
 */
export class EmbeddedPeer implements BenchPeer {
  readonly name = 'embedded';
  readonly inProcess = true;
  private engine: EmbeddedSearchEngine | null = null;
  private dir = '';

  constructor(private readonly languages: readonly string[]) {}

  /**
   * Builds in a child process (embedded-build.ts), as the indexer does, so this process only loads and queries:
   * built here, the queries ran on code whose type feedback the build had shaped (Q3 at 100k 0.19-0.23 ms in the
   * process that built, 0.14-0.17 ms in one that only loaded the snapshot, both measured 2026-11-27).
   */
  async buildFromFile(documentsPath: string): Promise<PeerBuildReport> {
    this.dir = await mkdtemp(join(tmpdir(), 'aisle-bench-'));
    const child = fork(
      join(__dirname, 'embedded-build.ts'),
      [documentsPath, this.dir, JSON.stringify(this.languages)],
      {
        execArgv: ['--import', 'tsx', '--max-old-space-size=8192'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    const [{ buildMs, stageMs }] = await Promise.all([
      new Promise<BuildTimes>((resolve, reject) => {
        child.once('message', (message: BuildTimes) => resolve(message));
        child.once('exit', (code) => reject(new Error(`embedded build exited (${code ?? 'signal'})`)));
      }),
      once(child, 'exit'),
    ]);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`  embedded build: staging ${seconds(stageMs)}, refresh ${seconds(buildMs - stageMs)}`);
    return this.load(buildMs);
  }

  async build(docs: readonly SearchDocument[]): Promise<PeerBuildReport> {
    const path = join(await mkdtemp(join(tmpdir(), 'aisle-bench-docs-')), 'documents.ndjson');
    await writeFile(path, docs.map((d) => JSON.stringify(d)).join('\n'));
    try {
      return await this.buildFromFile(path);
    } finally {
      await rm(dirname(path), { recursive: true, force: true });
    }
  }

  /** Loads the built snapshot in a fresh engine (the API process's role) and measures it. */
  private async load(buildMs: number): Promise<PeerBuildReport> {
    const store = new SnapshotStore(this.dir);
    const before = settledMemory();
    const loadStarted = performance.now();
    this.engine = new EmbeddedSearchEngine({ snapshots: store });
    await this.engine.loadIndex(INDEX);
    const snapshotLoadMs = performance.now() - loadStarted;
    await this.engine.swapAlias('live', INDEX);
    await this.engine.search('live', PORT_QUERIES.Q1);
    const memoryBytes = canMeasureMemory() ? settledMemory() - before : null;
    const files = await snapshotFiles(join(this.dir, INDEX));
    const memoryNote = `heap + external memory (array buffers, WebAssembly) of the loaded snapshot (serving process); snapshot files ${mb(files.total)}, of which cards ${mb(files.cards)}, read per hit from the page cache`;
    return { buildMs, snapshotLoadMs, memoryBytes, memoryNote };
  }

  async run(query: QueryName): Promise<number> {
    const engine = this.engine;
    if (engine === null) throw new Error('not built');
    if (query === 'Q4') {
      const result = await engine.suggest('live', PORT_QUERIES.Q4);
      return result.hits.length + result.values.length;
    }
    return (await engine.search('live', PORT_QUERIES[query])).total;
  }

  async search(request: SearchRequest): Promise<SearchResponse> {
    if (this.engine === null) throw new Error('not built');
    return this.engine.search('live', request);
  }

  async close(): Promise<void> {
    await this.engine?.close();
    this.engine = null;
    if (this.dir !== '') await rm(this.dir, { recursive: true, force: true });
  }
}
