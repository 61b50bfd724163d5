import type { TextDecoder } from 'node:util';
import type { FilterSet } from '../../merchandising';
import type { SearchRequest } from '../../search-request';
import { andInto, andNotInto, orInto, popcount } from '../bitset';
import { filterInto } from './filter-bits';
import type { IndexRuntime } from './index-runtime';
import type { LiveIndex } from './live-index';
import { pageDocs } from './page-docs';
import type { SegmentDoc } from './page-merge';

/** Whether boosts and buries reorder the request: only under relevance, and only when it has some. */
export function isTiered(request: SearchRequest): boolean {
  if ((request.sort ?? 'relevance') !== 'relevance') return false;
  return (request.boost?.length ?? 0) > 0 || (request.bury?.length ?? 0) > 0;
}

/**
 * The documents [skip, skip + take) of `bits` (one bitset per segment) in rank tiers: boosted (rankTier 1),
 * neither (0), buried (-1), each tier in relevance order. Each tier is paged for its share of the window only.
 */
export function tieredPage(index: LiveIndex, request: SearchRequest, bits: readonly Uint32Array[], skip: number, take: number, scored: boolean, decoder: TextDecoder): SegmentDoc[] {
  const bySegment = index.segments.map((segment, i) => tierBits(segment, request, bits[i] as Uint32Array));
  const docs: SegmentDoc[] = [];
  let offset = 0;
  for (let tier = 0; tier < 3; tier++) {
    const tierBitsets = bySegment.map((tiers) => tiers[tier] as Uint32Array);
    const count = tierBitsets.reduce((sum, b) => sum + popcount(b), 0);
    const start = Math.max(skip, offset);
    const end = Math.min(skip + take, offset + count);
    if (end > start) docs.push(...pageDocs(index, request, tierBitsets, start - offset, end - start, scored, decoder));
    offset += count;
  }
  return docs;
}

/** One segment's documents of `bits` split into its three tiers, first to last (rankTier 1, 0, -1). */
function tierBits(segment: IndexRuntime, request: SearchRequest, bits: Uint32Array): Uint32Array[] {
  const { scratch } = segment;
  const boost = setsInto(segment, request.boost ?? [], bits);
  const bury = setsInto(segment, request.bury ?? [], bits);
  const top = scratch.acquire();
  andNotInto(top, boost, bury);
  andInto(top, bits);
  const bottom = scratch.acquire();
  andNotInto(bottom, bury, boost);
  andInto(bottom, bits);
  const middle = scratch.acquire();
  andNotInto(middle, bits, top);
  andNotInto(middle, middle, bottom);
  return [top, middle, bottom];
}

/** The documents of `within` in any of the filter sets (a set is the AND of its filters). */
function setsInto(segment: IndexRuntime, sets: readonly FilterSet[], within: Uint32Array): Uint32Array {
  const { scratch } = segment;
  const out = scratch.acquire();
  out.fill(0);
  if (sets.length === 0) return out;
  const set = scratch.acquire();
  const one = scratch.acquire();
  const spare = scratch.acquire();
  for (const filters of sets) {
    set.set(within);
    // filterInto is right within `within` only, which `set` never leaves.
    for (const filter of filters) {
      filterInto(segment.data, filter, one, spare, within);
      andInto(set, one);
    }
    orInto(out, set);
  }
  return out;
}
