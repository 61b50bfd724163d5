import { LRUCache } from 'lru-cache';
import type { FacetColumn } from '../index-data';
import { type FacetSet, type JointFacets, jointFacets } from './joint-facets';

/** Sets of facets that get joint rows of their own in a segment; any other set counts over every facet's rows. */
export const JOINT_SETS = 2;
/** Sets remembered as asked once (see JointRowsCache.of). */
const ASKED_SETS = 64;

/**
 * The joint rows of one segment's data per set of facets. A site's listings ask a few sets: all of its value facets,
 * and those less the one a filter relaxes. Memory is bounded and nothing is built twice: the rows of every facet
 * (the whole set, and the fallback of any other), plus at most JOINT_SETS sets of their own, each about one Uint32
 * per document and per value of a document. Rows are never evicted: a site filtering on many facets in turn would
 * rebuild evicted sets all the time, where counting a set over every facet's rows costs only the extra values.
 */
export class JointRowsCache {
  private readonly own = new Map<string, JointFacets>();
  private readonly asked = new LRUCache<string, true>({ max: ASKED_SETS });
  private everything: JointFacets | undefined;

  constructor(
    private readonly facets: ReadonlyMap<string, FacetColumn>,
    private readonly docCount: number,
  ) {}

  /**
   * Joint rows holding the set's facets (those the data has), built the second time the set is asked; null the first
   * time: a set asked once may not come back (a rare combination of filters), and building costs about a pass over
   * the data's facet rows, so that search counts facet by facet. `eager` builds them at once (a warm-up replaying
   * searches that recur).
   */
  of(set: FacetSet, eager = false): JointFacets | null {
    const kept = this.own.get(set.signature);
    if (kept !== undefined) return kept;
    if (!eager && !this.asked.has(set.signature)) {
      this.asked.set(set.signature, true);
      return null;
    }
    const columns = set.keys.map((key) => this.facets.get(key)).filter((c) => c !== undefined);
    if (columns.length === this.facets.size || this.own.size >= JOINT_SETS) return this.all();
    const joint = jointFacets(columns, this.docCount);
    this.own.set(set.signature, joint);
    return joint;
  }

  /** The rows of every facet of the data. */
  private all(): JointFacets {
    this.everything ??= jointFacets([...this.facets.values()], this.docCount);
    return this.everything;
  }
}
