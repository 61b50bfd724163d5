import type { SearchDocument } from './document';

/** Insert or replace a document by id, or remove one (removing an absent id is not a failure). */
export type BulkOperation = { action: 'index'; document: SearchDocument } | { action: 'delete'; id: string };

/** An operation the engine refused; `position` is its index in the bulk call. */
export interface BulkFailure {
  position: number;
  id: string | null;
  reason: string;
}

/** Outcome of one bulk call: the others succeeded even when some failed. */
export interface BulkResult {
  succeeded: number;
  failures: BulkFailure[];
}
