import type { estypes } from '@elastic/elasticsearch';
import type { BulkFailure, BulkOperation } from '../bulk';
import { documentProblem } from '../embedded/lifecycle/validate-document';
import { toProductSource, type ProductSource } from './document-source';

/** One bulk line: an action header, or the source that follows an index header. */
export type BulkLine = estypes.BulkOperationContainer | ProductSource;

/** An operation ready to send: its position in the caller's call and its lines. */
export interface PreparedOperation {
  position: number;
  id: string;
  lines: BulkLine[];
}

/** Operations to send, and those refused before sending (invalid documents). */
export interface PreparedBulk {
  operations: PreparedOperation[];
  failures: BulkFailure[];
}

/**
 * Validates and translates port operations into bulk lines for one index. Invalid items are reported with
 * the same reasons as the embedded engine and never sent. Pure.
 */
export function prepareBulk(index: string, operations: readonly BulkOperation[], languages: readonly string[]): PreparedBulk {
  const prepared: PreparedBulk = { operations: [], failures: [] };
  operations.forEach((operation, position) => {
    if (operation.action === 'delete') {
      if (typeof operation.id === 'string' && operation.id !== '') {
        prepared.operations.push({ position, id: operation.id, lines: [{ delete: { _index: index, _id: operation.id } }] });
      } else prepared.failures.push({ position, id: null, reason: 'delete needs a non-empty id' });
      return;
    }
    const problem = documentProblem(operation.document);
    const id = typeof operation.document?.id === 'string' ? operation.document.id : null;
    if (problem !== null || id === null) {
      prepared.failures.push({ position, id, reason: problem ?? 'id must be a non-empty string' });
      return;
    }
    const source = toProductSource(operation.document, languages);
    prepared.operations.push({ position, id, lines: [{ index: { _index: index, _id: id } }, source] });
  });
  return prepared;
}

/** The `operations` array of one bulk request. Pure. */
export function bulkLines(operations: readonly PreparedOperation[]): BulkLine[] {
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
