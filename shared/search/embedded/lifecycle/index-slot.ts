import type { BulkOperation, BulkResult } from '../../bulk';
import type { IndexSettings } from '../../index-settings';
import { operationFailure } from '../../validate-document';
import type { CardBytes } from '../build/build-cards';
import { buildIndex } from '../build/build-index';
import { type CardStore, withDetails } from '../card-store';
import type { KeptDocument } from '../kept-document';
import { ordinalOf } from '../query/binary-search';
import { detailById } from '../query/cards-by-id';
import { IndexRuntime } from '../query/index-runtime';
import type { LiveIndex } from '../query/live-index';
import type { DocumentSpool } from '../snapshot/document-spool';
import type { LoadedBase, LoadedGeneration, SnapshotStore } from '../snapshot/snapshot-store';
import {
  applyChanges,
  buildOverlay,
  emptyDelta,
  liveIndexOf,
  needsMerge,
  type DeltaState,
  type MergePolicy,
} from './delta-state';
import { OverlayMemo } from './overlay-memo';

/** Where a slot persists its generations and whom it tells. */
export interface SlotPersistence {
  store: SnapshotStore | null;
  /** Called after a new generation was written (announces it to serving processes). */
  publish: (index: string) => Promise<void>;
  merge: MergePolicy;
}

type Changes = Map<string, KeptDocument | null>;

/**
 * One named index: the live index queries use, plus writes staged until refresh. The first refresh of an empty
 * index builds a base; later ones apply their changes as a delta (an overlay build of the changed documents and
 * the replaced base documents masked), in proportion to the changes; once the delta grows past the merge policy
 * a full rebuild into a new base follows in the background. Each refresh swaps in a new immutable LiveIndex, so
 * queries holding the old one finish on it undisturbed (a query runs synchronously on one LiveIndex).
 *
 * A slot holds the card stores of what it serves (a loaded generation's may be open files): it retains each one
 * it takes up, releases each one a refresh or merge leaves behind, and releases the rest when its owner releases
 * the slot.
 */
export class IndexSlot {
  private pending: Changes = new Map();
  /** The source documents of `pending`, written as they are staged, when the next refresh is a full build. */
  private spool: DocumentSpool | null = null;
  private delta: DeltaState;
  /** Every live document (the writer's copy), loaded from the snapshot on the first write to a loaded index. */
  private documents: Map<string, KeptDocument> | null;
  private merging: Promise<void> = Promise.resolve();
  private refreshing: Promise<unknown> = Promise.resolve();
  private readonly memo = new OverlayMemo();
  private held: CardStore[] = [];
  private released = false;

  private constructor(
    readonly name: string,
    private readonly settings: IndexSettings,
    private readonly persistence: SlotPersistence,
    private base: IndexRuntime,
    public live: LiveIndex,
    /** The snapshot generation `live` is (null while nothing was persisted). */
    public generation: number | null,
    /** The base as loaded from a snapshot, reused when a later delta over it is loaded. */
    public loadedBase: LoadedBase | null,
    private readonly loadSource:
      | (() => Promise<{ documents: Map<string, KeptDocument>; overlay: Map<string, KeptDocument> }>)
      | null,
    delta: DeltaState,
  ) {
    this.delta = delta;
    this.documents = loadSource === null ? new Map() : null;
    this.hold();
  }

  /** A new empty index. */
  static created(name: string, settings: IndexSettings, persistence: SlotPersistence): IndexSlot {
    const base = new IndexRuntime(buildIndex([], settings));
    const delta = emptyDelta();
    return new IndexSlot(name, settings, persistence, base, liveIndexOf(base, delta, null), null, null, null, delta);
  }

  /** An index loaded from a snapshot generation; `reuse` is the runtime of its base when the caller holds it already. */
  static loaded(name: string, loaded: LoadedGeneration, persistence: SlotPersistence, reuse?: IndexRuntime): IndexSlot {
    const { base: loadedBase, delta: loadedDelta } = loaded;
    const settings = { languages: loadedBase.data.languages, boosts: loadedBase.data.boosts };
    const base = reuse ?? new IndexRuntime(loadedBase.data);
    const delta: DeltaState =
      loadedDelta === null
        ? emptyDelta()
        : { overlay: new Map(), removed: new Set(loadedDelta.removed), loss: loadedDelta.loss };
    const source = async () => {
      const documents = await loadedBase.documents();
      for (const ordinal of delta.removed) documents.delete(loadedBase.data.ids[ordinal] as string);
      const overlay = loadedDelta === null ? new Map<string, KeptDocument>() : await loadedDelta.overlayDocuments();
      for (const [id, doc] of overlay) documents.set(id, doc);
      return { documents, overlay };
    };
    const live = liveIndexOf(base, delta, loadedDelta?.overlay ?? null);
    return new IndexSlot(name, settings, persistence, base, live, loaded.generation, loadedBase, source, delta);
  }

  /** The runtime of the base, for reuse by a reload of a later generation over the same base. */
  get baseRuntime(): IndexRuntime {
    return this.base;
  }

  /** Stages valid operations; reports the invalid ones by position. */
  stage(operations: readonly BulkOperation[]): BulkResult {
    const failures: BulkResult['failures'] = [];
    const spool = this.spoolOfPending();
    operations.forEach((operation, position) => {
      const failure = operationFailure(operation, position);
      if (failure !== null) failures.push(failure);
      else if (operation.action === 'delete') {
        this.pending.set(operation.id, null);
        spool?.remove(operation.id);
      } else {
        const kept = spool === null ? operation.document : spool.add(operation.document, operation.detail);
        this.pending.set(operation.document.id, kept);
      }
    });
    return { succeeded: operations.length - failures.length, failures };
  }

  /** Makes staged writes visible (and persisted, and announced); false when nothing was staged. Refreshes run one at a time. */
  refresh(): Promise<boolean> {
    const next = this.refreshing.then(() => this.refreshNow());
    this.refreshing = next.catch(() => undefined);
    return next;
  }

  private async refreshNow(): Promise<boolean> {
    const merging = this.merging;
    this.merging = Promise.resolve();
    await merging;
    if (this.pending.size === 0) return false;
    const changes = this.pending;
    const spool = this.spool;
    this.pending = new Map();
    this.spool = null;
    // Writes staged while the first build was being written opened a spool of their own; a delta applies them.
    if (this.base.data.docCount > 0 && spool !== null) await withCardsBack(changes, spool);
    const documents = await this.writable().catch(async (error: unknown) => {
      await spool?.discard();
      throw error;
    });
    if (this.base.data.docCount === 0) {
      for (const [id, doc] of changes) apply(documents, id, doc);
      await this.rebuild(documents, spool);
      return true;
    }
    applyChanges(this.base.data, this.delta, changes, (id) => documents.get(id));
    for (const [id, doc] of changes) apply(documents, id, doc);
    const overlay = buildOverlay(this.delta, this.settings, this.memo.analyzerOf);
    const live = liveIndexOf(this.base, this.delta, overlay);
    const { store } = this.persistence;
    if (store !== null && this.loadedBase !== null) {
      const record = { base: this.loadedBase.generation, removed: [...this.delta.removed], loss: this.delta.loss };
      this.generation = await store.writeDelta(this.name, record, overlay, this.delta.overlay.values(), this.memo.line);
    }
    this.live = live;
    this.hold();
    if (store !== null) await this.persistence.publish(this.name);
    if (needsMerge(this.base.data.docCount, this.delta, this.persistence.merge))
      this.merging = this.mergeSoon(documents);
    return true;
  }

  /** Resolves once running refreshes and a background merge (if any) have finished. */
  async idle(): Promise<void> {
    await this.refreshing;
    await this.merging;
  }

  /**
   * A full build of every live document as the new base; swapped in only once it is persisted. `spool`: the
   * documents as they were staged, written already unless it does not hold exactly these.
   */
  private async rebuild(documents: Map<string, KeptDocument>, spool: DocumentSpool | null = null): Promise<void> {
    const spooled = spool?.covers(documents) === true ? spool : undefined;
    if (spooled === undefined && spool !== null) await withCardsBack(documents, spool);
    const { store } = this.persistence;
    let data: ReturnType<typeof buildIndex>;
    let generation: number | null = null;
    try {
      data = buildIndex([...documents.values()], this.settings, undefined, spooled?.cardOf ?? this.cardOfBase());
      if (store !== null) {
        // A merge keeps the details of the versions it still serves (a delta's versions have none).
        const live = this.live;
        const carried = spooled === undefined ? (id: string) => detailById(live, id) : undefined;
        const written = await store.writeBase(this.name, data, documents.values(), { spooled, carried });
        generation = written.generation;
        if (written.details !== null) data.cards = withDetails(data.cards, written.details);
      }
    } catch (error) {
      await spooled?.discard();
      throw error;
    }
    this.base = new IndexRuntime(data);
    this.delta = emptyDelta();
    this.memo.reset();
    this.live = liveIndexOf(this.base, this.delta, null);
    this.generation = generation;
    this.loadedBase = generation === null ? null : { generation, data, documents: async () => new Map(documents) };
    this.hold();
    if (store !== null) await this.persistence.publish(this.name);
  }

  /**
   * The slot is no longer served (replaced by a newer load, dropped or deleted): its card stores are released,
   * closing the files no other slot holds. A refresh or merge still finishing takes up nothing after this.
   */
  release(): void {
    this.released = true;
    this.spool?.discard().catch(() => undefined);
    this.spool = null;
    for (const cards of this.held) cards.release();
    this.held = [];
  }

  /** Retains the card stores the slot serves now, then releases those it served before and no longer does. */
  private hold(): void {
    if (this.released) return;
    const now = [
      ...new Set([
        this.base.data.cards,
        ...this.live.segments.map((s) => s.data.cards),
        ...(this.loadedBase === null ? [] : [this.loadedBase.data.cards]),
      ]),
    ];
    for (const cards of now) if (!this.held.includes(cards)) cards.retain();
    for (const cards of this.held) if (!now.includes(cards)) cards.release();
    this.held = now;
  }

  /**
   * The spool of the pending writes, opened with the first of them when the next refresh builds a full base
   * that is persisted; null otherwise (or when it cannot be opened: the refresh then writes the documents).
   */
  private spoolOfPending(): DocumentSpool | null {
    const { store } = this.persistence;
    if (this.spool !== null || this.pending.size > 0 || store === null || this.base.data.docCount > 0)
      return this.spool;
    try {
      this.spool = store.spool(this.name);
    } catch {
      this.spool = null;
    }
    return this.spool;
  }

  /**
   * The card bytes of a document kept without its card object. Only a build from a spool keeps such documents,
   * and until one of them changes (a new version, with its card) the base built from that spool (or a merge
   * after it, which carried the bytes on) holds its card. A copy: a card store may reuse its buffer.
   */
  private cardOfBase(): CardBytes {
    const { data } = this.base;
    return (doc) => {
      if (doc.card !== undefined) return undefined;
      const ordinal = ordinalOf(data.ids, doc.id);
      return ordinal < 0 ? undefined : data.cards.card(ordinal).slice();
    };
  }

  /** A merge after the current refresh has returned: the change is already visible, the rebuild only tidies. */
  private async mergeSoon(documents: Map<string, KeptDocument>): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    await this.rebuild(documents);
  }

  private async writable(): Promise<Map<string, KeptDocument>> {
    if (this.documents !== null) return this.documents;
    const loaded = await (this.loadSource as NonNullable<typeof this.loadSource>)();
    this.delta.overlay = loaded.overlay;
    this.documents = loaded.documents;
    return this.documents;
  }
}

/** Gives each document of `documents` kept without its card the card `spool` holds, then discards the spool. */
async function withCardsBack(documents: Map<string, KeptDocument | null>, spool: DocumentSpool): Promise<void> {
  for (const [id, doc] of documents) if (doc !== null && doc.card === undefined) documents.set(id, spool.withCard(doc));
  await spool.discard();
}

function apply(documents: Map<string, KeptDocument>, id: string, doc: KeptDocument | null): void {
  if (doc === null) documents.delete(id);
  else documents.set(id, doc);
}
