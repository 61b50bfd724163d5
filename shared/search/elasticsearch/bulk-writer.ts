import type { Client } from '@elastic/elasticsearch';
import type { BulkFailure, BulkOperation, BulkResult } from '../bulk';
import { esCall, isTooManyRequests } from './es-errors';
import type { IndexMeta } from './index-meta';
import { bulkLines, prepareBulk, readBulkItems, type ItemOutcomes, type PreparedOperation } from './bulk-body';

/** Back-pressure handling of bulk: items rejected with 429 are resent after 100, 200, 400 ... ms. */
export interface BulkRetryOptions {
  /** Resends after the first attempt (default 5); what is still rejected then is reported as failed. */
  retries: number;
  baseDelayMs: number;
  /** Injected so tests need not wait. */
  sleep: (ms: number) => Promise<void>;
}

export const DEFAULT_BULK_RETRY: BulkRetryOptions = {
  retries: 5,
  baseDelayMs: 100,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Sends the operations to one index, resending 429-rejected items with exponential backoff a bounded number
 * of times; per-item failures are counted and reported, never thrown. `meta` is the index's.
 */
export async function writeBulk(
  client: Client,
  index: string,
  operations: readonly BulkOperation[],
  meta: Pick<IndexMeta, 'languages' | 'fields'>,
  retry: BulkRetryOptions = DEFAULT_BULK_RETRY,
): Promise<BulkResult> {
  const prepared = prepareBulk(index, operations, meta);
  const failures: BulkFailure[] = [...prepared.failures];
  let succeeded = 0;
  let pending: PreparedOperation[] = prepared.operations;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 0) await retry.sleep(retry.baseDelayMs * 2 ** (attempt - 1));
    const outcome = await sendOnce(client, index, pending);
    succeeded += outcome.succeeded;
    failures.push(...outcome.failures);
    pending = outcome.retry;
    if (attempt >= retry.retries) break;
  }
  for (const operation of pending) {
    failures.push({ position: operation.position, id: operation.id, reason: `rejected with 429 after ${retry.retries} retries` });
  }
  failures.sort((a, b) => a.position - b.position);
  return { succeeded, failures };
}

/** One bulk request; a request-level 429 marks every item for another try (before esCall calls it UNAVAILABLE). */
async function sendOnce(client: Client, index: string, pending: PreparedOperation[]): Promise<ItemOutcomes> {
  const response = await esCall(index, async () => {
    try {
      return await client.bulk({ operations: bulkLines(pending) });
    } catch (error) {
      if (isTooManyRequests(error)) return null;
      throw error;
    }
  });
  return response === null ? { succeeded: 0, failures: [], retry: pending } : readBulkItems(pending, response);
}
