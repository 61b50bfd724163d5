import { EmbeddedSearchEngine } from '../../../../shared/search/embedded/lifecycle/embedded-engine';
import { SnapshotStore } from '../../../../shared/search/embedded/snapshot/snapshot-store';
import { readDocuments } from '../seed-documents';

/** The index name the embedded peer builds and loads. */
export const INDEX = 'bench';
const BATCH = 5000;

/** A build's milliseconds: all of it, and the part staging the documents (the rest is the refresh). */
export type BuildTimes = { buildMs: number; stageMs: number };

/**
 * The embedded peer's build, the indexer's role: the documents file into a snapshot in `dir`; times from creating
 * the index to the refresh that persisted it (reading the file is left out).
 */
export async function buildSnapshot(
  documentsPath: string,
  dir: string,
  languages: readonly string[],
): Promise<BuildTimes> {
  const docs = await readDocuments(documentsPath);
  const builder = new EmbeddedSearchEngine({ snapshots: new SnapshotStore(dir) });
  const started = performance.now();
  await builder.createIndex(INDEX, { languages: [...languages] });
  for (let i = 0; i < docs.length; i += BATCH) {
    const result = await builder.bulk(
      INDEX,
      docs.slice(i, i + BATCH).map((document) => ({ action: 'index', document })),
    );
    if (result.failures.length > 0) throw new Error(`bulk failures: ${JSON.stringify(result.failures.slice(0, 3))}`);
  }
  const stageMs = performance.now() - started;
  await builder.refresh(INDEX);
  const buildMs = performance.now() - started;
  await builder.close();
  return { buildMs, stageMs };
}

// Run as a child process (embedded-peer.ts forks it): argv documents path, snapshot directory, languages (JSON).
if (require.main === module) {
  const [documentsPath = '', dir = '', languages = '[]'] = process.argv.slice(2);
  buildSnapshot(documentsPath, dir, JSON.parse(languages) as string[])
    .then((times) => process.send?.(times, () => process.exit(0)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
