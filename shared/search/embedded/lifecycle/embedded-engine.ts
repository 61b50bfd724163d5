import { TextDecoder } from 'node:util';
import type { BulkOperation, BulkResult } from '../../bulk';
import type { IndexInfo, SearchEngine } from '../../engine';
import { SearchEngineError } from '../../errors';
import type { FacetValuesRequest, FacetValuesResponse } from '../../facet-values';
import { isValidName } from '../../index-name';
import type { IndexSettings } from '../../index-settings';
import type { SearchRequest, SearchResponse } from '../../search-request';
import type { SpellingRequest, SpellingResponse } from '../../spelling';
import type { SuggestRequest, SuggestResponse } from '../../suggest';
import { compareStrings } from '../../compare';
import { runFacetValues } from '../query/facet-values';
import { runSearch } from '../query/search';
import { runSpelling } from '../query/spelling';
import { runSuggest } from '../query/suggest';
import { IndexRuntime } from '../query/index-runtime';
import type { SnapshotStore } from '../snapshot/snapshot-store';
import { InMemoryAliasStore, type AliasStore } from './alias-store';
import { emptyRuntime, IndexSlot } from './index-slot';

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

  constructor(options: EmbeddedEngineOptions = {}) {
    this.aliasStore = options.aliasStore ?? new InMemoryAliasStore();
    this.snapshots = options.snapshots ?? null;
  }

  async createIndex(name: string, settings: IndexSettings): Promise<void> {
    if (!isValidName(name)) throw new SearchEngineError('INVALID_NAME', `invalid index name "${name}"`);
    if (this.slots.has(name) || this.aliases.has(name)) throw new SearchEngineError('INDEX_EXISTS', `index "${name}" exists`);
    this.slots.set(name, new IndexSlot(name, settings, emptyRuntime(settings), null));
  }

  async bulk(name: string, operations: BulkOperation[]): Promise<BulkResult> {
    return this.slot(name).stage(operations);
  }

  async refresh(name: string): Promise<void> {
    const slot = this.slot(name);
    if ((await slot.refresh()) && this.snapshots !== null) {
      await this.snapshots.write(slot.name, slot.runtime.data, await slot.sourceDocuments());
    }
  }

  async count(name: string): Promise<number> {
    return this.slot(name).runtime.data.docCount;
  }

  async resolveAlias(alias: string): Promise<string | null> {
    return this.aliasStore.get(alias);
  }

  async swapAlias(alias: string, index: string): Promise<string | null> {
    if (!this.slots.has(index)) throw new SearchEngineError('INDEX_NOT_FOUND', `index "${index}" not found`);
    if (this.slots.has(alias)) throw new SearchEngineError('INVALID_NAME', `"${alias}" is an index name`);
    const previous = await this.aliasStore.set(alias, index);
    this.aliases.set(alias, index);
    return previous;
  }

  async deleteIndex(name: string): Promise<void> {
    const persisted = (await this.snapshots?.list(name))?.includes(name) ?? false;
    if (!this.slots.delete(name) && !persisted) throw new SearchEngineError('INDEX_NOT_FOUND', `index "${name}" not found`);
    await this.snapshots?.remove(name);
    for (const [alias, index] of [...this.aliases]) {
      if (index !== name) continue;
      this.aliases.delete(alias);
      await this.aliasStore.delete(alias);
    }
  }

  async listIndices(prefix: string): Promise<IndexInfo[]> {
    // Indices persisted by another process (or before a restart) exist too: they are loaded to be listed.
    for (const name of (await this.snapshots?.list(prefix)) ?? []) if (!this.slots.has(name)) await this.loadIndex(name);
    return [...this.slots.values()]
      .filter((slot) => slot.name.startsWith(prefix))
      .sort((a, b) => compareStrings(a.name, b.name))
      .map((slot) => ({
        name: slot.name,
        docCount: slot.runtime.data.docCount,
        aliases: [...this.aliases].filter(([, index]) => index === slot.name).map(([alias]) => alias).sort(compareStrings),
      }));
  }

  async search(target: string, request: SearchRequest): Promise<SearchResponse> {
    return runSearch(this.runtimeOf(target), request, this.decoder);
  }

  async facetValues(target: string, request: FacetValuesRequest): Promise<FacetValuesResponse> {
    return runFacetValues(this.runtimeOf(target), request);
  }

  async suggest(target: string, request: SuggestRequest): Promise<SuggestResponse> {
    return runSuggest(this.runtimeOf(target), request, this.decoder);
  }

  async spelling(target: string, request: SpellingRequest): Promise<SpellingResponse> {
    const lang = this.runtimeOf(target).data.text.get(request.language);
    return runSpelling(lang === undefined ? [] : [{ words: lang.nameWords, docs: lang.nameWordDocs }], request);
  }

  async close(): Promise<void> {
    this.slots.clear();
    this.aliases.clear();
  }

  /**
   * Re-reads every alias from the shared store (another process may have moved one) and loads the snapshot
   * of any aliased index not yet in memory. Queries already running keep the runtime they hold. An alias whose
   * index cannot be loaded keeps what it pointed to before, so one bad alias never blocks the others; those
   * failures are returned.
   */
  async syncAliases(): Promise<AliasSyncFailure[]> {
    const failures: AliasSyncFailure[] = [];
    const next = new Map<string, string>();
    for (const { alias, index } of await this.aliasStore.list()) {
      try {
        if (!this.slots.has(index)) await this.loadIndex(index);
        next.set(alias, index);
      } catch (error) {
        failures.push({ alias, index, error });
        const previous = this.aliases.get(alias);
        if (previous !== undefined) next.set(alias, previous);
      }
    }
    this.aliases.clear();
    for (const [alias, index] of next) this.aliases.set(alias, index);
    return failures;
  }

  /** Loads (or reloads) an index from its newest snapshot; INDEX_NOT_FOUND when there is none. */
  async loadIndex(name: string): Promise<void> {
    const snapshot = await this.snapshots?.read(name);
    if (snapshot === undefined || snapshot === null) throw new SearchEngineError('INDEX_NOT_FOUND', `no snapshot of "${name}"`);
    const settings = { languages: snapshot.data.languages, boosts: snapshot.data.boosts };
    this.slots.set(name, new IndexSlot(name, settings, new IndexRuntime(snapshot.data), snapshot.documents));
  }

  /** The slot of an index name or alias; INDEX_NOT_FOUND otherwise. */
  private slot(target: string): IndexSlot {
    const slot = this.slots.get(target) ?? this.slots.get(this.aliases.get(target) ?? '');
    if (slot === undefined) throw new SearchEngineError('INDEX_NOT_FOUND', `index or alias "${target}" not found`);
    return slot;
  }

  private runtimeOf(target: string): IndexRuntime {
    return this.slot(target).runtime;
  }
}
