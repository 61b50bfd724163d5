import { LRUCache } from 'lru-cache';
import type { FacetColumn } from '../index-data';
import { type FacetSet, type JointFacets, jointFacets } from './joint-facets';

/** Sets of facets whose joint rows a segment keeps, the most recently used. */
export const JOINT_SETS = 4;
/** Sets remembered as asked once (see JointRowsCache.of). */
const ASKED_SETS = 64;

/**
 * The joint rows of one segment's data per set of facets (a site's listings ask a few: all of its value facets,
 * and those less the one a filter relaxes). Memory is bounded: at most JOINT_SETS sets, each about one Uint32 per
 * document and per value of a document.
 */
export class JointRowsCache {
  private readonly rows = new LRUCache<string, JointFacets>({ max: JOINT_SETS });
  private readonly asked = new LRUCache<string, true>({ max: ASKED_SETS });

  constructor(
    private readonly facets: ReadonlyMap<string, FacetColumn>,
    private readonly docCount: number,
  ) {}

  /**
   * The set's joint rows, built the second time the set is asked; null the first time: a set asked once may not
   * come back (a rare combination of filters), and building costs about a pass over the data's facet rows, so that
   * search counts facet by facet. `eager` builds them at once (a warm-up replaying searches that recur).
   */
  of(set: FacetSet, eager = false): JointFacets | null {
    const kept = this.rows.get(set.signature);
    if (kept !== undefined) return kept;
    if (!eager && !this.asked.has(set.signature)) {
      this.asked.set(set.signature, true);
      return null;
    }
    const columns = set.keys.map((key) => this.facets.get(key)).filter((c) => c !== undefined);
    const joint = jointFacets(columns, this.docCount);
    this.rows.set(set.signature, joint);
    return joint;
  }
}
