import { createAnalyzer, type Analyzer } from '../../analysis/analyzer';
import { foldedLabel } from '../../analysis/fold';
import { createBitset, popcount } from '../bitset';
import type { FacetColumn, IndexData } from '../index-data';
import { countRows } from './facet-count';
import { parentPaths } from './facet-results';
import { BoundedCache } from './bounded-cache';
import { Scratch } from './scratch';
import type { WordTerms } from './text-match';

/**
 * A loaded index plus what queries derive from it lazily and keep: analyzers, per-market facet counts
 * (the complement trick needs them) and folded labels. One runtime per index object.
 */
export class IndexRuntime {
  readonly scratch: Scratch;
  private readonly empty: Uint32Array;
  private readonly analyzers = new Map<string, Analyzer>();
  private readonly marketCountCache = new Map<string, Uint32Array>();
  private readonly labelCache = new Map<string, string[]>();
  private readonly marketSizes = new Map<string, number>();
  private readonly parentCache = new Map<string, (string | null)[]>();
  /** Query word -> matching terms, per language: popular queries repeat, and expanding typos is the costly part. */
  readonly wordTerms = new BoundedCache<string, WordTerms>(20_000);

  constructor(readonly data: IndexData) {
    this.scratch = new Scratch(data.docCount);
    this.empty = createBitset(data.docCount);
  }

  analyzer(language: string): Analyzer {
    let analyzer = this.analyzers.get(language);
    if (analyzer === undefined) this.analyzers.set(language, (analyzer = createAnalyzer(language)));
    return analyzer;
  }

  /** Documents sellable on the market (empty for an unknown market). */
  market(code: string): Uint32Array {
    return this.data.markets.get(code) ?? this.empty;
  }

  /** Number of documents sellable on the market. */
  marketSize(code: string): number {
    let size = this.marketSizes.get(code);
    if (size === undefined) this.marketSizes.set(code, (size = popcount(this.market(code))));
    return size;
  }

  /** Count per value of the facet over the whole market. */
  marketCounts(market: string, column: FacetColumn): Uint32Array {
    const cacheKey = `${market}\u0000${column.key}`;
    let counts = this.marketCountCache.get(cacheKey);
    if (counts === undefined) {
      counts = new Uint32Array(column.values.length);
      countRows(column.docValues, this.market(market), counts);
      this.marketCountCache.set(cacheKey, counts);
    }
    return counts;
  }

  /** Parent path per value id of a facet read as a hierarchy. */
  parents(column: FacetColumn): (string | null)[] {
    let parents = this.parentCache.get(column.key);
    if (parents === undefined) this.parentCache.set(column.key, (parents = parentPaths(column)));
    return parents;
  }

  /** Folded label per value id in the language, the value key where no label was indexed. */
  foldedLabels(language: string, column: FacetColumn): string[] {
    const cacheKey = `${language}\u0000${column.key}`;
    let folded = this.labelCache.get(cacheKey);
    if (folded === undefined) {
      const labels = column.labels.get(language);
      folded = column.values.map((value, id) => foldedLabel(value, labels?.[id]));
      this.labelCache.set(cacheKey, folded);
    }
    return folded;
  }
}
