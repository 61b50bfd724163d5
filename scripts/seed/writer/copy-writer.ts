import { once } from 'node:events';
import type { ClientBase } from 'pg';
import { from as copyFrom, type CopyStreamQuery } from 'pg-copy-streams';
import type { Progress, SeedItem } from '../generator/types';
import { copyLines } from './copy-format';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

type OpenCopy = { table: string; stream: CopyStreamQuery; done: Promise<void> };

function openCopy(client: ClientBase, table: string, columns: readonly string[]): OpenCopy {
  const sql = `copy ${quote(table)} (tenant_id, ${columns.map(quote).join(', ')}) from stdin`;
  const stream = client.query(copyFrom(sql));
  const done = new Promise<void>((resolve, reject) => {
    stream.once('finish', resolve);
    stream.once('error', reject);
  });
  // Errors surface through `done`; keep an unhandled rejection from firing before it is awaited.
  done.catch(() => undefined);
  return { table, stream, done };
}

async function closeCopy(copy: OpenCopy | null): Promise<void> {
  if (!copy) return;
  copy.stream.end();
  await copy.done;
}

/**
 * Streams generated rows into the tenant's tables with COPY on `client` (inside the caller's transaction).
 * Consecutive batches of one table share one COPY; waiting for the socket to drain after each batch lets
 * PostgreSQL load one batch while the next is generated. Returns rows written per table.
 */
export async function writeRows(
  client: ClientBase,
  tenantId: number,
  items: Iterable<SeedItem>,
  onProgress?: (progress: Progress) => void,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const prefix = `${tenantId}\t`;
  let copy: OpenCopy | null = null;
  try {
    for (const item of items) {
      if (item.kind === 'progress') {
        onProgress?.(item.progress);
        continue;
      }
      const { table, columns, rows } = item.batch;
      if (copy?.table !== table) {
        await closeCopy(copy);
        copy = openCopy(client, table, columns);
      }
      counts[table] = (counts[table] ?? 0) + rows.length;
      if (!copy.stream.write(copyLines(prefix, rows))) await Promise.race([once(copy.stream, 'drain'), copy.done]);
    }
    await closeCopy(copy);
  } catch (err) {
    copy?.stream.destroy();
    throw err;
  }
  return counts;
}
