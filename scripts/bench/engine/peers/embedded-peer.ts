import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SearchDocument, SearchRequest, SearchResponse } from '../../../../shared/search';
import { EmbeddedSearchEngine } from '../../../../shared/search/embedded/lifecycle/embedded-engine';
import { SnapshotStore } from '../../../../shared/search/embedded/snapshot/snapshot-store';
import type { BenchPeer, PeerBuildReport, QueryName } from '../bench-types';
import { canMeasureMemory, settledMemory } from '../memory';
import { PORT_QUERIES } from '../queries';

const INDEX = 'bench';
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
const BATCH = 5000;

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

  async build(docs: readonly SearchDocument[]): Promise<PeerBuildReport> {
    this.dir = await mkdtemp(join(tmpdir(), 'aisle-bench-'));
    const store = new SnapshotStore(this.dir);
    let builder: EmbeddedSearchEngine | null = new EmbeddedSearchEngine({ snapshots: store });
    const started = performance.now();
    await builder.createIndex(INDEX, { languages: [...this.languages] });
    for (let i = 0; i < docs.length; i += BATCH) {
      const result = await builder.bulk(
        INDEX,
        docs.slice(i, i + BATCH).map((document) => ({ action: 'index', document })),
      );
      if (result.failures.length > 0) throw new Error(`bulk failures: ${JSON.stringify(result.failures.slice(0, 3))}`);
    }
    await builder.refresh(INDEX);
    const buildMs = performance.now() - started;
    await builder.close();
    builder = null;
    const before = settledMemory();
    const loadStarted = performance.now();
    this.engine = new EmbeddedSearchEngine({ snapshots: store });
    await this.engine.loadIndex(INDEX);
    const snapshotLoadMs = performance.now() - loadStarted;
    await this.engine.swapAlias('live', INDEX);
    await this.engine.search('live', PORT_QUERIES.Q1);
    const memoryBytes = canMeasureMemory() ? settledMemory() - before : null;
    const files = await snapshotFiles(join(this.dir, INDEX));
    const memoryNote = `heap + array buffers of the loaded snapshot (serving process); snapshot files ${mb(files.total)}, of which cards ${mb(files.cards)}, read per hit from the page cache`;
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
