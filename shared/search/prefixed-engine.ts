import type { BulkOperation, BulkResult } from './bulk';
import type { IndexInfo, SearchEngine, ServedCards, ServedDocuments } from './engine';
import type { FacetValuesRequest, FacetValuesResponse } from './facet-values';
import { isValidName } from './index-name';
import type { IndexSettings } from './index-settings';
import type { SearchOptions, SearchRequest, SearchResponse } from './search-request';
import type { SpellingRequest, SpellingResponse } from './spelling';
import type { SuggestRequest, SuggestResponse } from './suggest';

/**
 * An engine whose index and alias names all live under a prefix on the engine it wraps, so deployments (or test
 * files) sharing one cluster never see each other's indices. Callers use the names they always did; listings
 * and alias answers come back without the prefix. An invalid name is passed on unprefixed, so the wrapped engine
 * refuses it exactly as it would have.
 */
export class PrefixedEngine implements SearchEngine {
  constructor(
    private readonly inner: SearchEngine,
    private readonly prefix: string,
  ) {
    if (!isValidName(prefix)) throw new Error(`invalid index prefix "${prefix}"`);
  }

  private full(name: string): string {
    return isValidName(name) ? this.prefix + name : name;
  }

  private short(name: string): string {
    return name.startsWith(this.prefix) ? name.slice(this.prefix.length) : name;
  }

  private shortOrNull(name: string | null): string | null {
    return name === null ? null : this.short(name);
  }

  createIndex(name: string, settings: IndexSettings): Promise<void> {
    return this.inner.createIndex(this.full(name), settings);
  }

  bulk(name: string, operations: BulkOperation[]): Promise<BulkResult> {
    return this.inner.bulk(this.full(name), operations);
  }

  refresh(name: string): Promise<void> {
    return this.inner.refresh(this.full(name));
  }

  count(name: string): Promise<number> {
    return this.inner.count(this.full(name));
  }

  async resolveAlias(alias: string): Promise<string | null> {
    return this.shortOrNull(await this.inner.resolveAlias(this.full(alias)));
  }

  async swapAlias(alias: string, index: string): Promise<string | null> {
    return this.shortOrNull(await this.inner.swapAlias(this.full(alias), this.full(index)));
  }

  deleteIndex(name: string): Promise<void> {
    return this.inner.deleteIndex(this.full(name));
  }

  async listIndices(prefix: string): Promise<IndexInfo[]> {
    if (prefix !== '' && !isValidName(prefix)) return [];
    const listed = await this.inner.listIndices(this.prefix + prefix);
    return listed.map((info) => ({
      ...info,
      name: this.short(info.name),
      aliases: info.aliases.map((alias) => this.short(alias)),
    }));
  }

  search(target: string, request: SearchRequest, options?: SearchOptions): Promise<SearchResponse> {
    return this.inner.search(this.full(target), request, options);
  }

  facetValues(target: string, request: FacetValuesRequest): Promise<FacetValuesResponse> {
    return this.inner.facetValues(this.full(target), request);
  }

  suggest(target: string, request: SuggestRequest): Promise<SuggestResponse> {
    return this.inner.suggest(this.full(target), request);
  }

  spelling(target: string, request: SpellingRequest): Promise<SpellingResponse> {
    return this.inner.spelling(this.full(target), request);
  }

  servingToken(target: string): string | null {
    return this.inner.servingToken?.(this.full(target)) ?? null;
  }

  servedCards(target: string, ids: readonly string[]): ServedCards | null {
    return this.inner.servedCards?.(this.full(target), ids) ?? null;
  }

  servedDocuments(target: string, ids: readonly string[]): ServedDocuments | null {
    const served = this.inner.servedDocuments?.(this.full(target), ids) ?? null;
    return served === null ? null : { ...served, index: this.short(served.index) };
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
