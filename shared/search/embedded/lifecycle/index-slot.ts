import type { BulkOperation, BulkResult } from '../../bulk';
import type { SearchDocument } from '../../document';
import type { IndexSettings } from '../../index-settings';
import { buildIndex } from '../build/build-index';
import { IndexRuntime } from '../query/index-runtime';
import { operationFailure } from '../../validate-document';

/** Supplies the documents an index was built from, when a write needs them (a loaded snapshot reads them lazily). */
export type DocumentSource = () => Promise<Map<string, SearchDocument>>;

/**
 * One named index: the live immutable runtime queries use, plus writes staged until refresh. Refresh builds
 * a new runtime and swaps the reference, so queries holding the old runtime finish on it undisturbed.
 */
export class IndexSlot {
  private pending = new Map<string, SearchDocument | null>();
  private documents: Map<string, SearchDocument> | null;

  constructor(
    readonly name: string,
    private readonly settings: IndexSettings,
    public runtime: IndexRuntime,
    private readonly source: DocumentSource | null,
  ) {
    this.documents = source === null ? new Map() : null;
  }

  /** Stages valid operations; reports the invalid ones by position. */
  stage(operations: readonly BulkOperation[]): BulkResult {
    const failures: BulkResult['failures'] = [];
    operations.forEach((operation, position) => {
      const failure = operationFailure(operation, position);
      if (failure !== null) failures.push(failure);
      else if (operation.action === 'delete') this.pending.set(operation.id, null);
      else this.pending.set(operation.document.id, operation.document);
    });
    return { succeeded: operations.length - failures.length, failures };
  }

  /** Applies staged writes and rebuilds; false (and the same runtime) when nothing was staged. */
  async refresh(): Promise<boolean> {
    if (this.pending.size === 0) return false;
    const documents = this.documents ?? (await this.loadSource());
    for (const [id, doc] of this.pending) {
      if (doc === null) documents.delete(id);
      else documents.set(id, doc);
    }
    this.pending = new Map();
    this.runtime = new IndexRuntime(buildIndex([...documents.values()], this.settings));
    return true;
  }

  /** The documents the live runtime was built from (loaded from the snapshot on first need). */
  async sourceDocuments(): Promise<Iterable<SearchDocument>> {
    return (this.documents ?? (await this.loadSource())).values();
  }

  private async loadSource(): Promise<Map<string, SearchDocument>> {
    this.documents = this.source === null ? new Map() : await this.source();
    return this.documents;
  }
}

/** The runtime of an index with no documents yet. */
export function emptyRuntime(settings: IndexSettings): IndexRuntime {
  return new IndexRuntime(buildIndex([], settings));
}
