// The indexer of the freshness bench, in a process of its own as in production: it builds the index, points the
// alias at it (PostgreSQL alias store) and, per command, applies a round of changed documents with bulk +
// refresh. Each persisted generation is announced to the serving process over IPC (Redis pub/sub in production).
import { createDb, type Knex } from '../../../../shared/db/knex';
import type { SearchDocument } from '../../../../shared/search';
import { EmbeddedSearchEngine } from '../../../../shared/search/embedded/lifecycle/embedded-engine';
import { PgAliasStore } from '../../../../shared/search/embedded/lifecycle/pg-alias-store';
import { SnapshotStore } from '../../../../shared/search/embedded/snapshot/snapshot-store';
import { readDocuments } from '../seed-documents';
import { changedDocument, roundPositions } from './freshness-plan';
import type { WriterCommand, WriterMessage } from './freshness-protocol';

const BATCH = 5000;

interface Writer {
  engine: EmbeddedSearchEngine;
  db: Knex;
  docs: SearchDocument[];
  alias: string;
}

const send = (message: WriterMessage): void => {
  process.send?.(message);
};

async function start(command: Extract<WriterCommand, { kind: 'start' }>): Promise<Writer> {
  const docs = await readDocuments(command.documentsPath);
  const db = createDb(command.databaseUrl, { pool: { min: 0, max: 2 } });
  const engine = new EmbeddedSearchEngine({
    aliasStore: new PgAliasStore(db),
    snapshots: new SnapshotStore(command.snapshots),
    onRefresh: async () => send({ kind: 'published' }),
  });
  await engine.createIndex(command.index, { languages: command.languages });
  for (let i = 0; i < docs.length; i += BATCH)
    await engine.bulk(
      command.index,
      docs.slice(i, i + BATCH).map((document) => ({ action: 'index', document })),
    );
  await engine.refresh(command.index);
  await engine.swapAlias(command.alias, command.index);
  return { engine, db, docs, alias: command.alias };
}

async function run(
  command: WriterCommand,
  writer: Writer | null,
): Promise<{ writer: Writer | null; reply: WriterMessage }> {
  if (command.kind === 'start') {
    const started = await start(command);
    return { writer: started, reply: { kind: 'ready', documents: started.docs.length } };
  }
  if (writer === null) throw new Error(`"${command.kind}" before "start"`);
  if (command.kind === 'settle') {
    // A refresh with nothing staged waits for the background merge the rounds may have started.
    await writer.engine.refresh(writer.alias);
    return { writer, reply: { kind: 'settled' } };
  }
  const { docs, engine } = writer;
  const picked = roundPositions(command.round, command.changed, docs.length).map((at) =>
    changedDocument(docs[at] as SearchDocument, command.round),
  );
  const started = performance.now();
  await engine.bulk(
    writer.alias,
    picked.map((document) => ({ action: 'index', document })),
  );
  await engine.refresh(writer.alias);
  return { writer, reply: { kind: 'applied', round: command.round, refreshMs: performance.now() - started } };
}

let writer: Writer | null = null;
let queue: Promise<void> = Promise.resolve();
process.on('message', (command: WriterCommand) => {
  queue = queue.then(async () => {
    try {
      const result = await run(command, writer);
      writer = result.writer;
      send(result.reply);
    } catch (error) {
      send({ kind: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  });
});
process.on('disconnect', () => {
  void queue.finally(async () => {
    await writer?.engine.close();
    await writer?.db.destroy();
    process.exit(0);
  });
});
