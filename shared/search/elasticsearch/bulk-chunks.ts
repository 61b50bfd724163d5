/**
 * How much one `_bulk` request may carry. Elasticsearch refuses a request over `http.max_content_length` (100 MB
 * by default) with 413, and a large request holds its whole body in the coordinating node's indexing memory
 * (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/docs-bulk.html#bulk-api-request-body), so
 * operations go in requests of at most `maxBytes` of NDJSON and `maxOperations` operations.
 */
export interface BulkChunkLimits {
  maxBytes: number;
  maxOperations: number;
}

/**
 * 5 MB is the official client's bulk helper default (`flushBytes`); 1000 operations keeps a request of small
 * documents (deletes, say) short enough to be rejected or retried cheaply.
 */
export const DEFAULT_BULK_CHUNK: BulkChunkLimits = { maxBytes: 5_000_000, maxOperations: 1_000 };

/**
 * Splits operations, in order, into consecutive requests within the limits. An operation larger than `maxBytes`
 * on its own goes alone (Elasticsearch decides whether it fits). Pure.
 */
export function chunkOperations<T extends { bytes: number }>(operations: readonly T[], limits: BulkChunkLimits): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const operation of operations) {
    const full = current.length >= limits.maxOperations || bytes + operation.bytes > limits.maxBytes;
    if (current.length > 0 && full) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(operation);
    bytes += operation.bytes;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
