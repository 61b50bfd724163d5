import type { SearchDocument } from './document';

/**
 * Insert or replace a document by id, or remove one (removing an absent id is not a failure). `detail`: the
 * document's detail (opaque text read back by id, see SearchEngine.servedDocuments), asked for only by an engine
 * that keeps it, and only when it does (a full build); the others never call it.
 */
export type BulkOperation =
  | { action: 'index'; document: SearchDocument; detail?: () => string }
  | { action: 'delete'; id: string };

/** An operation the engine refused; `position` is its index in the bulk call. */
export interface BulkFailure {
  position: number;
  id: string | null;
  reason: string;
  /**
   * True when the index as it was built cannot take the document (it uses fields the index cannot add, say a key
   * that was a value and is now a group), while an index built afresh from the current settings can: the caller
   * should rebuild (a full run), since retrying the same index fails the same way.
   */
  needsRebuild?: boolean;
}

/** Outcome of one bulk call: the others succeeded even when some failed. */
export interface BulkResult {
  succeeded: number;
  failures: BulkFailure[];
}
