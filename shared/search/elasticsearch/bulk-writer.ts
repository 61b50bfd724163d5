import type { Client } from '@elastic/elasticsearch';
import type { BulkFailure, BulkResult } from '../bulk';
import { esCall, isTooLarge, isTooManyRequests } from './es-errors';
import { bulkLines, readBulkItems, type ItemOutcomes, type PreparedBulk, type PreparedOperation } from './bulk-body';
import { chunkOperations, DEFAULT_BULK_CHUNK, type BulkChunkLimits } from './bulk-chunks';

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

/** How writeBulk sends: retries of rejected items and the size of each request. */
export interface BulkWriteOptions {
  retry: BulkRetryOptions;
  chunk: BulkChunkLimits;
}

/**
 * Sends prepared operations (bulk-body) to one index in requests within the chunk limits, one after another (so
 * operations apply in order, as the port asks), resending 429-rejected items with exponential backoff a bounded
 * number of times; per-item failures, those refused before sending included, are counted and reported at their
 * position in the caller's call, never thrown.
 */
export async function writeBulk(
  client: Client,
  index: string,
  prepared: PreparedBulk,
  options: BulkWriteOptions = { retry: DEFAULT_BULK_RETRY, chunk: DEFAULT_BULK_CHUNK },
): Promise<BulkResult> {
  const { retry, chunk } = options;
  const failures: BulkFailure[] = [...prepared.failures];
  let succeeded = 0;
  let pending: PreparedOperation[] = prepared.operations;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 0) await retry.sleep(retry.baseDelayMs * 2 ** (attempt - 1));
    const retryNext: PreparedOperation[] = [];
    for (const request of chunkOperations(pending, chunk)) {
      const outcome = await sendOnce(client, index, request);
      succeeded += outcome.succeeded;
      failures.push(...outcome.failures);
      retryNext.push(...outcome.retry);
    }
    pending = retryNext;
    if (attempt >= retry.retries) break;
  }
  for (const operation of pending) {
    failures.push({
      position: operation.position,
      id: operation.id,
      reason: `rejected with 429 after ${retry.retries} retries`,
    });
  }
  failures.sort((a, b) => a.position - b.position);
  return { succeeded, failures };
}

/**
 * One bulk request. A request-level 429 marks every item for another try (before esCall calls it UNAVAILABLE);
 * a 413 (one operation alone over the node's limit) fails its items rather than the whole call.
 */
async function sendOnce(client: Client, index: string, pending: PreparedOperation[]): Promise<ItemOutcomes> {
  const response = await esCall(index, async () => {
    try {
      return await client.bulk({ operations: bulkLines(pending) });
    } catch (error) {
      if (isTooManyRequests(error)) return 'retry';
      if (isTooLarge(error)) return 'too large';
      throw error;
    }
  });
  if (response === 'retry') return { succeeded: 0, failures: [], retry: pending };
  if (response === 'too large') {
    const bytes = pending.reduce((sum, operation) => sum + operation.bytes, 0);
    const reason = `a bulk request of ${bytes} bytes was refused as too large (413, http.max_content_length)`;
    return {
      succeeded: 0,
      failures: pending.map((operation) => ({ position: operation.position, id: operation.id, reason })),
      retry: [],
    };
  }
  return readBulkItems(pending, response);
}
