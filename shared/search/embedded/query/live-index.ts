import { foldedLabel } from '../../analysis/fold';
import type { IndexData } from '../index-data';
import { addCounts, facetUnion, type FacetUnion } from './facet-union';
import { IndexRuntime } from './index-runtime';
import { TextStats, type SurfaceLoss } from './text-stats';

/**
 * What a query runs on: one immutable generation of an index, as segments (a base, and after near-real-time
 * updates an overlay of new document versions, with the replaced base documents masked). Every answer merges
 * the segments so that it equals the answer of one full build of the live documents.
 */
export class LiveIndex {
  readonly docCount: number;
  readonly text: TextStats;
  private readonly unions = new Map<string, FacetUnion | null>();
  private readonly marketCountCache = new Map<string, Uint32Array>();
  private readonly labelCache = new Map<string, string[]>();

  constructor(
    readonly segments: readonly IndexRuntime[],
    loss: SurfaceLoss = new Map(),
  ) {
    if (segments.length === 0) throw new Error('a live index needs a segment');
    this.text = new TextStats(segments, loss);
    this.docCount = this.text.docCount;
  }

  /** A live index of one full build. */
  static of(data: IndexData): LiveIndex {
    return new LiveIndex([new IndexRuntime(data)]);
  }

  get languages(): string[] {
    return (this.segments[0] as IndexRuntime).data.languages;
  }

  /** The facet's values over every segment, or null when no segment has the facet. */
  union(key: string): FacetUnion | null {
    let union = this.unions.get(key);
    if (union === undefined) {
      union = facetUnion(
        key,
        this.segments.map((s) => s.data.facets.get(key)),
      );
      this.unions.set(key, union);
    }
    return union;
  }

  /**
   * Union counts of a facet: `segmentCounts` gives a segment's per-value counts (in its scratch buffer) or null.
   * With one segment its counts are returned as they are; otherwise they are added into a fresh array.
   */
  countValues(
    union: FacetUnion,
    segmentCounts: (segment: IndexRuntime, index: number) => Uint32Array | null,
  ): Uint32Array {
    if (this.segments.length === 1 && union.maps[0] === null) {
      return segmentCounts(this.segments[0] as IndexRuntime, 0) ?? new Uint32Array(union.values.length);
    }
    const total = new Uint32Array(union.values.length);
    this.segments.forEach((segment, i) => {
      if (union.maps[i] === undefined) return;
      const counts = segmentCounts(segment, i);
      if (counts !== null) addCounts(union, i, counts, total);
    });
    return total;
  }

  /** Count per union value over the market's live documents (memoised: the index is immutable). */
  marketCounts(market: string, union: FacetUnion): Uint32Array {
    const cacheKey = `${market}\u0000${union.key}`;
    let counts = this.marketCountCache.get(cacheKey);
    if (counts === undefined) {
      counts = this.countValues(union, (segment) => {
        const column = segment.data.facets.get(union.key);
        return column === undefined ? null : segment.marketCounts(market, column);
      });
      this.marketCountCache.set(cacheKey, counts);
    }
    return counts;
  }

  /** Folded label per union value in the language, the value key where no label was indexed. */
  foldedLabels(language: string, union: FacetUnion): string[] {
    const cacheKey = `${language}\u0000${union.key}`;
    let folded = this.labelCache.get(cacheKey);
    if (folded === undefined) {
      const labels = union.labels.get(language);
      folded = union.values.map((value, id) => foldedLabel(value, labels?.[id]));
      this.labelCache.set(cacheKey, folded);
    }
    return folded;
  }
}
