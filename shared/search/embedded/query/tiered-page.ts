import type { TextDecoder } from 'node:util';
import { rankTier, type FilterSet } from '../../merchandising';
import type { SearchRequest } from '../../search-request';
import { andInto, andNotInto, forEachBit, orInto, popcount, popcountWords, setBit, wordCount } from '../bitset';
import type { IndexData } from '../index-data';
import { filterInto } from './filter-bits';
import { docTest, type DocTest } from './filter-test';
import type { IndexRuntime } from './index-runtime';
import type { LiveIndex } from './live-index';
import { pageDocs } from './page-docs';
import type { SegmentDoc } from './page-merge';

/**
 * Testing an answer's documents one by one costs about 50 ns a document (its values lie scattered in memory);
 * building the tiers as whole-segment bitsets about 12-16 ns a bitset word per filter plus one (35 ns with two
 * filters, 65 with three). So a tested document costs about four words per filter plus one: measured on 100,000
 * documents, the two ways cross near size x 4 = words x (1 + filters). A 19-hit text pays 2 us instead of 130.
 */
const TESTED_DOC_IN_WORDS = 4;

/** One segment's documents to rank: its bitset, how many it holds, and the only words that can be non-zero (null: every word may be). */
export interface RankedSegment {
  bits: Uint32Array;
  size: number;
  words: Uint32Array | null;
}

/** One segment's documents in rank tiers, first to last (rankTier 1, 0, -1), and how many each holds. */
interface Tiers {
  bits: Uint32Array[];
  counts: number[];
}

/** Whether boosts and buries reorder the request: only under relevance, and only when it has some. */
export function isTiered(request: SearchRequest): boolean {
  if ((request.sort ?? 'relevance') !== 'relevance') return false;
  return (request.boost?.length ?? 0) > 0 || (request.bury?.length ?? 0) > 0;
}

/**
 * The documents [skip, skip + take) of `ranked` (one per segment) in rank tiers: boosted (rankTier 1), neither
 * (0), buried (-1), each tier in relevance order. Each tier is paged for its share of the window only.
 */
export function tieredPage(
  index: LiveIndex,
  request: SearchRequest,
  ranked: readonly RankedSegment[],
  skip: number,
  take: number,
  scored: boolean,
  decoder: TextDecoder,
): SegmentDoc[] {
  const bySegment = index.segments.map((segment, i) => splitTiers(segment, request, ranked[i] as RankedSegment));
  const words = ranked.map((r) => r.words);
  const docs: SegmentDoc[] = [];
  let offset = 0;
  for (let tier = 0; tier < 3; tier++) {
    const count = bySegment.reduce((sum, tiers) => sum + (tiers.counts[tier] as number), 0);
    const start = Math.max(skip, offset);
    const end = Math.min(skip + take, offset + count);
    const tierBitsets = bySegment.map((tiers) => tiers.bits[tier] as Uint32Array);
    if (end > start)
      docs.push(...pageDocs(index, request, tierBitsets, start - offset, end - start, scored, decoder, words));
    offset += count;
  }
  return docs;
}

/** A segment's tiers the cheaper way: its few documents tested one by one, or whole-segment bitsets. */
function splitTiers(segment: IndexRuntime, request: SearchRequest, ranked: RankedSegment): Tiers {
  const tests = filterCount(request.boost) + filterCount(request.bury);
  if (ranked.size * TESTED_DOC_IN_WORDS <= wordCount(segment.data.docCount) * (1 + tests))
    return testedTiers(segment, request, ranked);
  const bits = tierBits(segment, request, ranked.bits);
  return { bits, counts: bits.map((b) => popcountWords(b, ranked.words)) };
}

const filterCount = (sets: readonly FilterSet[] | undefined): number =>
  (sets ?? []).reduce((sum, set) => sum + set.length, 0);

/** The tiers of `ranked` with each of its documents tested against the sets (rankTier decides, as the contract states). */
export function testedTiers(
  segment: IndexRuntime,
  request: SearchRequest,
  ranked: Pick<RankedSegment, 'bits' | 'words'>,
): Tiers {
  const boost = setTests(segment.data, request.boost);
  const bury = setTests(segment.data, request.bury);
  const bits = [0, 1, 2].map(() => segment.scratch.acquire().fill(0));
  const counts = [0, 0, 0];
  forEachBit(ranked.bits, ranked.words, (d) => {
    const tier = 1 - rankTier(inSome(boost, d), inSome(bury, d));
    setBit(bits[tier] as Uint32Array, d);
    counts[tier] = (counts[tier] as number) + 1;
  });
  return { bits, counts };
}

const setTests = (data: IndexData, sets: readonly FilterSet[] | undefined): DocTest[][] =>
  (sets ?? []).map((set) => set.map((filter) => docTest(data, filter)));

/** Whether d is in some set (a set is the AND of its filters); plain loops, as this runs per document and test. */
function inSome(sets: readonly DocTest[][], d: number): boolean {
  for (const set of sets) {
    let all = true;
    for (const test of set) {
      if (test(d)) continue;
      all = false;
      break;
    }
    if (all) return true;
  }
  return false;
}

/** One segment's documents of `bits` split into its three tiers with whole-segment bitsets, first to last. */
export function tierBits(segment: IndexRuntime, request: SearchRequest, bits: Uint32Array): Uint32Array[] {
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
  // Every word of `one` is written (no words given), as the whole-bitset AND below reads them all.
  const narrowed = { bits: within, size: popcount(within), words: null };
  for (const filters of sets) {
    set.set(within);
    // filterInto is right within `within` only, which `set` never leaves.
    for (const filter of filters) {
      filterInto(segment.data, filter, one, spare, narrowed);
      andInto(set, one);
    }
    orInto(out, set);
  }
  return out;
}
