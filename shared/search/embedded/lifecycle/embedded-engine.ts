import { TextDecoder } from 'node:util';
import type { BulkOperation, BulkResult } from '../../bulk';
import type { IndexInfo, SearchEngine, ServedCards, ServedDocuments } from '../../engine';
import { SearchEngineError } from '../../errors';
import type { FacetValuesRequest, FacetValuesResponse } from '../../facet-values';
import { isValidName } from '../../index-name';
import type { IndexSettings } from '../../index-settings';
import type { SearchOptions, SearchRequest, SearchResponse } from '../../search-request';
import type { SpellingRequest, SpellingResponse } from '../../spelling';
import type { SuggestRequest, SuggestResponse } from '../../suggest';
import { compareStrings } from '../../compare';
import { runFacetValues } from '../query/facet-values';
import { runSearch } from '../query/search';
import { runSpelling } from '../query/spelling';
import { runSuggest } from '../query/suggest';
import { cardsById, documentsById } from '../query/cards-by-id';
import type { LiveIndex } from '../query/live-index';
import type { SnapshotStore } from '../snapshot/snapshot-store';
import { InMemoryAliasStore, type AliasStore } from './alias-store';
import { DEFAULT_MERGE, type MergePolicy } from './delta-state';
import { IndexSlot, type SlotPersistence } from './index-slot';
import { RecentSearches, warmUp } from './warm-up';

/** An alias `syncAliases` could not move to its new index. */
export interface AliasSyncFailure {
  alias: string;
  index: string;
  error: unknown;
}

export interface EmbeddedEngineOptions {
  /** Shared alias store (PostgreSQL in production); defaults to a process-local one. */
  aliasStore?: AliasStore;
  /** Where refreshed indices persist and aliased ones load from; without it indices live in memory only. */
  snapshots?: SnapshotStore;
  /** Called after a refresh or merge persisted a new generation: announce it (publishAliasChange) so servers reload. */
  onRefresh?: (index: string) => Promise<void>;
  /** When a delta is merged into a new base (default: 2% of the base, at least 1,000 changed documents). */
  merge?: MergePolicy;
}

/**
 * The in-process engine behind the search port. Queries resolve their alias from a local copy of the alias
 * store and then run synchronously on one immutable runtime, so a swap never splits a query across indices.
 */
export class EmbeddedSearchEngine implements SearchEngine {
  private readonly slots = new Map<string, IndexSlot>();
  private readonly aliases = new Map<string, string>();
  private readonly aliasStore: AliasStore;
  private readonly decoder = new TextDecoder();
  private readonly snapshots: SnapshotStore | null;
  private readonly persistence: SlotPersistence;
  /** Indices loaded by syncAliases: dropped again once no alias points to them. */
  private readonly synced = new Set<string>();
  /** A number per live index object a query may have read (each refresh or reload makes a new one): serving tokens. */
  private readonly liveSerials = new WeakMap<LiveIndex, number>();
  private lastSerial = 0;
  /** Recent searches per target, replayed on each newly loaded generation before it is served. */
  private readonly recent = new RecentSearches();

  constructor(options: EmbeddedEngineOptions = {}) {
    this.aliasStore = options.aliasStore ?? new InMemoryAliasStore();
    this.snapshots = options.snapshots ?? null;
    this.persistence = {
      store: this.snapshots,
      publish: options.onRefresh ?? (async () => {}),
      merge: options.merge ?? DEFAULT_MERGE,
    };
  }

  async createIndex(name: string, settings: IndexSettings): Promise<void> {
    if (!isValidName(name)) throw new SearchEngineError('INVALID_NAME', `invalid index name "${name}"`);
    if (this.slots.has(name) || this.aliases.has(name))
      throw new SearchEngineError('INDEX_EXISTS', `index "${name}" exists`);
    this.slots.set(name, IndexSlot.created(name, settings, this.persistence));
  }

  async bulk(name: string, operations: BulkOperation[]): Promise<BulkResult> {
    return (await this.writable(name)).stage(operations);
  }

  async refresh(name: string): Promise<void> {
    await (await this.writable(name)).refresh();
  }

  async count(name: string): Promise<number> {
    return this.slot(name).live.docCount;
  }

  async resolveAlias(alias: string): Promise<string | null> {
    return this.aliasStore.get(alias);
  }

  async swapAlias(alias: string, index: string): Promise<string | null> {
    // An index persisted by another process (a rollback's previous index) is loaded to be pointed at.
    if (!this.slots.has(index) && (await this.snapshots?.latest(index)) != null) await this.loadIndex(index);
    if (!this.slots.has(index)) throw new SearchEngineError('INDEX_NOT_FOUND', `index "${index}" not found`);
    if (this.slots.has(alias)) throw new SearchEngineError('INVALID_NAME', `"${alias}" is an index name`);
    const previous = await this.aliasStore.set(alias, index);
    this.aliases.set(alias, index);
    return previous;
  }

  async deleteIndex(name: string): Promise<void> {
    const slot = this.slots.get(name);
    // An index persisted by another process (or before a restart) exists too, unloaded.
    const persisted = slot === undefined && ((await this.snapshots?.list(name))?.includes(name) ?? false);
    if (slot === undefined && !persisted) throw new SearchEngineError('INDEX_NOT_FOUND', `index "${name}" not found`);
    this.slots.delete(name);
    this.synced.delete(name);
    // A merge still writing would recreate the snapshots just removed.
    await slot?.idle().catch(() => undefined);
    slot?.release();
    await this.snapshots?.remove(name);
    for (const [alias, index] of [...this.aliases]) {
      if (index !== name) continue;
      this.aliases.delete(alias);
      await this.aliasStore.delete(alias);
    }
  }

  async listIndices(prefix: string): Promise<IndexInfo[]> {
    const aliasesOf = (name: string) =>
      [...this.aliases]
        .filter(([, index]) => index === name)
        .map(([alias]) => alias)
        .sort(compareStrings);
    const held = [...this.slots.values()]
      .filter((slot) => slot.name.startsWith(prefix))
      .map((slot) => ({ name: slot.name, docCount: slot.live.docCount }));
    // Indices persisted by another process (or before a restart) exist too; they are read to be counted, not kept.
    const persisted = (await this.snapshots?.list(prefix)) ?? [];
    for (const name of persisted)
      if (!this.slots.has(name)) held.push({ name, docCount: await this.persistedCount(name) });
    return held.sort((a, b) => compareStrings(a.name, b.name)).map((i) => ({ ...i, aliases: aliasesOf(i.name) }));
  }

  async search(target: string, request: SearchRequest, options?: SearchOptions): Promise<SearchResponse> {
    const live = this.runtimeOf(target);
    this.recent.record(target, request);
    return runSearch(live, request, this.decoder, options);
  }

  async facetValues(target: string, request: FacetValuesRequest): Promise<FacetValuesResponse> {
    return runFacetValues(this.runtimeOf(target), request);
  }

  async suggest(target: string, request: SuggestRequest): Promise<SuggestResponse> {
    return runSuggest(this.runtimeOf(target), request, this.decoder);
  }

  async spelling(target: string, request: SpellingRequest): Promise<SpellingResponse> {
    const dictionaries = this.runtimeOf(target).segments.flatMap((segment) => {
      const lang = segment.data.text.get(request.language);
      return lang === undefined ? [] : [{ words: lang.nameWords, docs: lang.nameWordDocs }];
    });
    return runSpelling(dictionaries, request);
  }

  servingToken(target: string): string | null {
    const slot = this.findSlot(target);
    return slot === undefined ? null : this.tokenOf(slot);
  }

  servedCards(target: string, ids: readonly string[]): ServedCards | null {
    const slot = this.findSlot(target);
    if (slot === undefined) return null;
    return { token: this.tokenOf(slot), cards: cardsById(slot.live, ids, this.decoder) };
  }

  servedDocuments(target: string, ids: readonly string[]): ServedDocuments | null {
    const slot = this.findSlot(target);
    if (slot === undefined) return null;
    return { token: this.tokenOf(slot), index: slot.name, documents: documentsById(slot.live, ids, this.decoder) };
  }

  /** The serving token of what the slot serves now: its name and a serial of its live index. */
  private tokenOf(slot: IndexSlot): string {
    let serial = this.liveSerials.get(slot.live);
    if (serial === undefined) {
      serial = ++this.lastSerial;
      this.liveSerials.set(slot.live, serial);
    }
    return `${slot.name}#${serial}`;
  }

  async close(): Promise<void> {
    await Promise.all([...this.slots.values()].map((slot) => slot.idle().catch(() => undefined)));
    for (const slot of this.slots.values()) slot.release();
    this.slots.clear();
    this.synced.clear();
    this.aliases.clear();
  }

  /**
   * Re-reads every alias from the shared store (another process may have moved one), loads the newest generation
   * of any aliased index this process does not serve at its newest (a delta over a base it holds loads only the
   * overlay), and drops the indices it loaded that no alias points to any more. Queries already running keep
   * the live index they hold. An alias whose index cannot be loaded keeps what it pointed to before, so one bad
   * alias never blocks the others; those failures are returned.
   */
  async syncAliases(): Promise<AliasSyncFailure[]> {
    const failures: AliasSyncFailure[] = [];
    const next = new Map<string, string>();
    for (const { alias, index } of await this.aliasStore.list()) {
      try {
        if (await this.isStale(index)) await this.load(index, true, alias);
        next.set(alias, index);
      } catch (error) {
        failures.push({ alias, index, error });
        const previous = this.aliases.get(alias);
        if (previous !== undefined) next.set(alias, previous);
      }
    }
    this.aliases.clear();
    for (const [alias, index] of next) this.aliases.set(alias, index);
    const served = new Set(next.values());
    for (const name of [...this.synced]) {
      if (served.has(name)) continue;
      this.synced.delete(name);
      this.slots.get(name)?.release();
      this.slots.delete(name);
    }
    return failures;
  }

  /** Loads (or reloads) an index from its newest snapshot generation; INDEX_NOT_FOUND when there is none. */
  async loadIndex(name: string): Promise<void> {
    await this.load(name, false);
  }

  /**
   * `bySync`: loaded for an alias, so dropped again when no alias points to it. `alias`: the one it is loaded for.
   * The slot it replaces is released; a base the new generation shares with it stays open for the new slot.
   */
  private async load(name: string, bySync: boolean, alias?: string): Promise<void> {
    const current = this.slots.get(name);
    const have = current?.loadedBase ?? undefined;
    // The read may hand `have` back as the new generation's base: keep it open meanwhile, even if `current` goes.
    have?.data.cards.retain();
    try {
      const loaded = await this.snapshots?.read(name, have);
      if (loaded === undefined || loaded === null)
        throw new SearchEngineError('INDEX_NOT_FOUND', `no snapshot of "${name}"`);
      const reuse = current !== undefined && loaded.base === current.loadedBase ? current.baseRuntime : undefined;
      const slot = IndexSlot.loaded(name, loaded, this.persistence, reuse);
      warmUp(slot.live, this.recent.of(alias === undefined ? [name] : [alias, name]), this.decoder);
      const replaced = this.slots.get(name);
      this.slots.set(name, slot);
      replaced?.release();
      if (bySync && (current === undefined || this.synced.has(name))) this.synced.add(name);
    } finally {
      have?.data.cards.release();
    }
  }

  /** The document count of a persisted index this process does not hold (its snapshot read, then released). */
  private async persistedCount(name: string): Promise<number> {
    const loaded = await this.snapshots?.read(name);
    if (loaded === undefined || loaded === null) return 0;
    const slot = IndexSlot.loaded(name, loaded, this.persistence);
    const count = slot.live.docCount;
    slot.release();
    return count;
  }

  /** True when this process does not hold the index, or holds a generation it loaded that is no longer the newest. */
  private async isStale(index: string): Promise<boolean> {
    const slot = this.slots.get(index);
    if (slot === undefined) return true;
    if (!this.synced.has(index) || this.snapshots === null) return false;
    return slot.generation !== (await this.snapshots.latest(index));
  }

  /** The slot a write goes to; an index this process does not hold yet is loaded from its snapshot first. */
  private async writable(target: string): Promise<IndexSlot> {
    const held = this.slots.get(target) ?? this.slots.get(this.aliases.get(target) ?? '');
    if (held !== undefined || this.snapshots === null) return this.slot(target);
    const index = (await this.aliasStore.get(target)) ?? target;
    if (!this.slots.has(index) && (await this.snapshots.latest(index)) !== null) await this.loadIndex(index);
    if (index !== target && this.slots.has(index)) this.aliases.set(target, index);
    return this.slot(target);
  }

  /** The slot of an index name or alias, if this process holds it. */
  private findSlot(target: string): IndexSlot | undefined {
    return this.slots.get(target) ?? this.slots.get(this.aliases.get(target) ?? '');
  }

  /** The slot of an index name or alias; INDEX_NOT_FOUND otherwise. */
  private slot(target: string): IndexSlot {
    const slot = this.findSlot(target);
    if (slot === undefined) throw new SearchEngineError('INDEX_NOT_FOUND', `index or alias "${target}" not found`);
    return slot;
  }

  private runtimeOf(target: string): LiveIndex {
    return this.slot(target).live;
  }
}
