import { once } from 'node:events';
import type { ClientBase } from 'pg';
import { from as copyFrom, type CopyStreamQuery } from 'pg-copy-streams';
import type { Progress, RowBatch, SeedItem } from '../generator/types';
import { quoteIdent } from '../../../shared/db/quote-ident';
import { copyLines } from './copy-format';

/** Rows written and milliseconds spent per table: generating its rows plus loading them. */
export type WriteStats = { rows: Record<string, number>; ms: Record<string, number> };

type OpenCopy = { table: string; stream: CopyStreamQuery; done: Promise<void> };

const addTo = (record: Record<string, number>, key: string, amount: number) => {
  record[key] = (record[key] ?? 0) + amount;
};

function openCopy(client: ClientBase, table: string, columns: readonly string[]): OpenCopy {
  const sql = `copy ${quoteIdent(table)} (tenant_id, ${columns.map(quoteIdent).join(', ')}) from stdin`;
  const stream = client.query(copyFrom(sql));
  const done = new Promise<void>((resolve, reject) => {
    stream.once('finish', resolve);
    stream.once('error', reject);
  });
  // Errors surface through `done`; keep an unhandled rejection from firing before it is awaited.
  done.catch(() => undefined);
  return { table, stream, done };
}

async function closeCopy(copy: OpenCopy | null, stats: WriteStats): Promise<void> {
  if (!copy) return;
  const started = performance.now();
  copy.stream.end();
  await copy.done;
  addTo(stats.ms, copy.table, performance.now() - started);
}

/** Writes one batch into the open COPY of its table, opening a new COPY when the table changes. */
async function writeBatch(
  client: ClientBase,
  copy: OpenCopy | null,
  batch: RowBatch,
  prefix: string,
  stats: WriteStats,
): Promise<OpenCopy> {
  const { table, columns, rows } = batch;
  if (copy?.table !== table) {
    await closeCopy(copy, stats);
    copy = openCopy(client, table, columns);
  }
  const started = performance.now();
  addTo(stats.rows, table, rows.length);
  if (!copy.stream.write(copyLines(prefix, rows))) await Promise.race([once(copy.stream, 'drain'), copy.done]);
  addTo(stats.ms, table, performance.now() - started);
  return copy;
}

/**
 * Streams generated rows into the tenant's tables with COPY on `client` (inside the caller's transaction).
 * Consecutive batches of one table share one COPY; waiting for the socket to drain after each batch lets
 * PostgreSQL load one batch while the next is generated.
 */
export async function writeRows(
  client: ClientBase,
  tenantId: number,
  items: Iterable<SeedItem>,
  onProgress?: (progress: Progress) => void,
): Promise<WriteStats> {
  const stats: WriteStats = { rows: {}, ms: {} };
  const iterator = items[Symbol.iterator]();
  let copy: OpenCopy | null = null;
  try {
    for (;;) {
      const started = performance.now();
      const next = iterator.next();
      if (next.done) break;
      if (next.value.kind === 'progress') {
        onProgress?.(next.value.progress);
        continue;
      }
      addTo(stats.ms, next.value.batch.table, performance.now() - started);
      copy = await writeBatch(client, copy, next.value.batch, `${tenantId}\t`, stats);
    }
    await closeCopy(copy, stats);
  } catch (err) {
    copy?.stream.destroy();
    throw err;
  }
  return stats;
}
