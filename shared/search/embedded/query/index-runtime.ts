import { createAnalyzer, type Analyzer } from '../../analysis/analyzer';
import { andNotInto, createBitset, popcount } from '../bitset';
import type { FacetColumn, IndexData, Rows } from '../index-data';
import { DenseTerms } from './dense-terms';
import { countRows } from './facet-count';
import type { FacetSet, JointFacets } from './joint-facets';
import { JointRowsCache } from './joint-rows-cache';
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
  /** Joint rows of the sets of facets counted together (shared with the parent: the same data). */
  private readonly joints: JointRowsCache;
  /** Market counts per joint rows (this runtime's: its deletions), by market. */
  private readonly jointCounts = new WeakMap<JointFacets, Map<string, Uint32Array>>();
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
    this.joints = parent?.joints ?? new JointRowsCache(data.facets, data.docCount);
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
    const key = `${market}\u0000${column.key}`;
    return this.countsOver(this.marketCountCache, key, market, column.docValues, column.values.length, (parent) =>
      parent.marketCounts(market, column),
    );
  }

  /** The joint rows of the facets of `set` that the data has, or null (see JointRowsCache.of). */
  jointFacets(set: FacetSet, eager = false): JointFacets | null {
    return this.joints.of(set, eager);
  }

  /** Count per joint value id over the market's live documents. */
  jointMarketCounts(market: string, joint: JointFacets): Uint32Array {
    let counts = this.jointCounts.get(joint);
    if (counts === undefined) {
      counts = new Map();
      this.jointCounts.set(joint, counts);
    }
    return this.countsOver(counts, market, market, joint.rows, joint.size, (parent) =>
      parent.jointMarketCounts(market, joint),
    );
  }

  /** Memoised under `key`; with deletions, the parent's counts less the deleted documents (work in proportion). */
  private countsOver(
    cache: Map<string, Uint32Array>,
    key: string,
    market: string,
    rows: Rows,
    size: number,
    ofParent: (parent: IndexRuntime) => Uint32Array,
  ): Uint32Array {
    let counts = cache.get(key);
    if (counts !== undefined) return counts;
    if (this.parent === null || this.deleted === null) {
      counts = new Uint32Array(size);
      countRows(rows, this.market(market), counts);
    } else counts = subtractDeleted(ofParent(this.parent).slice(), rows, this.parent.market(market), this.deleted);
    cache.set(key, counts);
    return counts;
  }
}

/** `counts` less one for each value of each deleted document in `bits`. */
function subtractDeleted(counts: Uint32Array, rows: Rows, bits: Uint32Array, deleted: DeletedDocs): Uint32Array {
  const { offsets, items } = rows;
  for (const d of deleted.list) {
    if (((bits[d >>> 5] as number) & (1 << (d & 31))) === 0) continue;
    for (let k = offsets[d] as number; k < (offsets[d + 1] as number); k++) counts[items[k] as number]--;
  }
  return counts;
}
