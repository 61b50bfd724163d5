import { createAnalyzer, type Analyzer } from '../../analysis/analyzer';
import { andNotInto, createBitset, popcount } from '../bitset';
import type { FacetColumn, IndexData } from '../index-data';
import { DenseTerms } from './dense-terms';
import { countRows } from './facet-count';
import { Scratch } from './scratch';

/** Documents of a segment that a later change replaced or deleted: as a bitset, and as a sorted list. */
export interface DeletedDocs {
  bits: Uint32Array;
  list: Uint32Array;
}

/**
 * One segment of a live index: an immutable IndexData plus what queries derive from it lazily and keep
 * (analyzers, market bitsets, per-market facet counts, dense terms' bitsets). A segment with deleted documents
 * wraps the runtime of the same data without them (`parent`): it masks the markets, so every query, filter and
 * count skips the deleted documents, and derives its market counts from the parent's by subtracting only the
 * deleted documents.
 */
export class IndexRuntime {
  readonly scratch: Scratch;
  /** Bitsets of the data's dense terms, built as queries ask (shared with the parent: the same data). */
  readonly denseTerms: DenseTerms;
  private readonly empty: Uint32Array;
  private readonly analyzers = new Map<string, Analyzer>();
  private readonly marketCountCache = new Map<string, Uint32Array>();
  private readonly marketSizes = new Map<string, number>();
  private readonly maskedMarkets = new Map<string, Uint32Array>();
  /** Live documents of this segment. */
  readonly liveCount: number;

  constructor(
    readonly data: IndexData,
    readonly deleted: DeletedDocs | null = null,
    private readonly parent: IndexRuntime | null = null,
  ) {
    if (deleted !== null && parent === null) throw new Error('a segment with deletions needs the runtime of its data');
    // Queries run synchronously, one at a time: the segments of one data can share the parent's buffers.
    this.scratch = parent?.scratch ?? new Scratch(data.docCount);
    this.denseTerms = parent?.denseTerms ?? new DenseTerms(data);
    this.empty = parent?.empty ?? createBitset(data.docCount);
    this.liveCount = data.docCount - (deleted?.list.length ?? 0);
  }

  analyzer(language: string): Analyzer {
    if (this.parent !== null) return this.parent.analyzer(language);
    let analyzer = this.analyzers.get(language);
    if (analyzer === undefined) {
      analyzer = createAnalyzer(language);
      this.analyzers.set(language, analyzer);
    }
    return analyzer;
  }

  /** Live documents sellable on the market (empty for an unknown market). */
  market(code: string): Uint32Array {
    if (this.parent === null || this.deleted === null) return this.data.markets.get(code) ?? this.empty;
    let masked = this.maskedMarkets.get(code);
    if (masked === undefined) {
      masked = createBitset(this.data.docCount);
      andNotInto(masked, this.parent.market(code), this.deleted.bits);
      this.maskedMarkets.set(code, masked);
    }
    return masked;
  }

  /** Number of live documents sellable on the market. */
  marketSize(code: string): number {
    let size = this.marketSizes.get(code);
    if (size === undefined) {
      size = popcount(this.market(code));
      this.marketSizes.set(code, size);
    }
    return size;
  }

  /** Count per value of the facet over the market's live documents. */
  marketCounts(market: string, column: FacetColumn): Uint32Array {
    const cacheKey = `${market}\u0000${column.key}`;
    let counts = this.marketCountCache.get(cacheKey);
    if (counts === undefined) {
      counts =
        this.parent === null || this.deleted === null
          ? this.countMarket(market, column)
          : this.subtractDeleted(market, column, this.parent, this.deleted);
      this.marketCountCache.set(cacheKey, counts);
    }
    return counts;
  }

  private countMarket(market: string, column: FacetColumn): Uint32Array {
    const counts = new Uint32Array(column.values.length);
    countRows(column.docValues, this.market(market), counts);
    return counts;
  }

  /** The parent's counts less the deleted documents of the market: work in proportion to the deletions. */
  private subtractDeleted(
    market: string,
    column: FacetColumn,
    parent: IndexRuntime,
    deleted: DeletedDocs,
  ): Uint32Array {
    const counts = parent.marketCounts(market, column).slice();
    const bits = parent.market(market);
    const { offsets, items } = column.docValues;
    for (const d of deleted.list) {
      if (((bits[d >>> 5] as number) & (1 << (d & 31))) === 0) continue;
      for (let k = offsets[d] as number; k < (offsets[d + 1] as number); k++) counts[items[k] as number]--;
    }
    return counts;
  }
}
