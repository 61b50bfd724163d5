import type { estypes } from '@elastic/elasticsearch';
import type { BulkFailure, BulkOperation } from '../bulk';
import { operationFailure } from '../validate-document';
import { toProductSource, type ProductSource } from './document-source';
import { keyLabel, undeclaredKeys } from './document-fields';
import type { FieldRefusals } from './field-extension';
import type { IndexMeta } from './index-meta';

/** One bulk line: an action header, or the source that follows an index header. */
export type BulkLine = estypes.BulkOperationContainer | ProductSource;

/**
 * An operation ready to send: its position in the caller's call, its lines as NDJSON text (serialized once:
 * the request is split by their size, and the client sends strings as they are) and their size in bytes,
 * newlines included.
 */
export interface PreparedOperation {
  position: number;
  id: string;
  lines: string[];
  bytes: number;
}

/** Operations to send, and those refused before sending (invalid documents). */
export interface PreparedBulk {
  operations: PreparedOperation[];
  failures: BulkFailure[];
}

/**
 * Validates and translates port operations into bulk lines for one index. Invalid items are reported with
 * the same reasons as the embedded engine and never sent; so are documents using keys the index's fields lack,
 * with why they could not be added (`refusals`, field-extension) and `needsRebuild`. Pure.
 */
export function prepareBulk(
  index: string,
  operations: readonly BulkOperation[],
  meta: Pick<IndexMeta, 'languages' | 'fields'>,
  refusals: FieldRefusals = new Map(),
): PreparedBulk {
  const prepared: PreparedBulk = { operations: [], failures: [] };
  operations.forEach((operation, position) => {
    const failure = operationFailure(operation, position) ?? fieldFailure(operation, position, meta, refusals);
    if (failure !== null) prepared.failures.push(failure);
    else prepared.operations.push(prepareOperation(index, operation, position, meta.languages));
  });
  return prepared;
}

/**
 * A key the index does not map would fail as strict_dynamic_mapping_exception; say which key instead, why it
 * could not be added, and that an index built with the current fields takes the document.
 */
function fieldFailure(
  operation: BulkOperation,
  position: number,
  meta: Pick<IndexMeta, 'fields'>,
  refusals: FieldRefusals,
): BulkFailure | null {
  if (operation.action !== 'index' || meta.fields === null) return null;
  const [first] = undeclaredKeys(operation.document, meta.fields);
  if (first === undefined) return null;
  const label = keyLabel(first);
  const why = refusals.get(label);
  const reason =
    why === undefined
      ? `${label} is not in the index fields`
      : `${label} is not in the index fields and cannot be added to it (${why})`;
  return {
    position,
    id: operation.document.id,
    reason: `${reason}; an index built with it (a full run) takes the document`,
    needsRebuild: true,
  };
}

function prepareOperation(
  index: string,
  operation: BulkOperation,
  position: number,
  languages: readonly string[],
): PreparedOperation {
  const { id, lines } =
    operation.action === 'delete'
      ? { id: operation.id, lines: [{ delete: { _index: index, _id: operation.id } }] }
      : {
          id: operation.document.id,
          lines: [
            { index: { _index: index, _id: operation.document.id } },
            toProductSource(operation.document, languages),
          ],
        };
  return serialized(position, id, lines);
}

function serialized(position: number, id: string, lines: readonly BulkLine[]): PreparedOperation {
  const text = lines.map((line) => JSON.stringify(line));
  return { position, id, lines: text, bytes: text.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0) };
}

/** The `operations` array of one bulk request: NDJSON lines, which the client joins with newlines. Pure. */
export function bulkLines(operations: readonly PreparedOperation[]): string[] {
  return operations.flatMap((operation) => operation.lines);
}

/** How each sent item ended: done, failed for good, or rejected for back-pressure (retry). */
export interface ItemOutcomes {
  succeeded: number;
  failures: BulkFailure[];
  retry: PreparedOperation[];
}

/** Sorts a bulk response's items (in request order) into outcomes. Removing an absent id is a success. Pure. */
export function readBulkItems(sent: readonly PreparedOperation[], response: estypes.BulkResponse): ItemOutcomes {
  const outcomes: ItemOutcomes = { succeeded: 0, failures: [], retry: [] };
  sent.forEach((operation, i) => {
    const entry = response.items[i];
    const item = entry?.index ?? entry?.delete ?? entry?.create ?? entry?.update;
    if (item === undefined) {
      outcomes.failures.push({ position: operation.position, id: operation.id, reason: 'no result for this item' });
    } else if (item.status === 429) outcomes.retry.push(operation);
    else if (item.status < 300 || (entry?.delete !== undefined && item.status === 404)) outcomes.succeeded++;
    else {
      const reason = item.error ? `${item.error.type}: ${item.error.reason ?? ''}` : `status ${item.status}`;
      outcomes.failures.push({ position: operation.position, id: operation.id, reason });
    }
  });
  return outcomes;
}
