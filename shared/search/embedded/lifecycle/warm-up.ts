import type { TextDecoder } from 'node:util';
import type { SearchRequest } from '../../search-request';
import type { LiveIndex } from '../query/live-index';
import { runSearch } from '../query/search';

/** Searches kept per target (alias or index name). */
const KEPT = 8;
/** Targets kept; the least recently added one goes first. */
const TARGETS = 64;
/** A reload stops warming once it has spent this long (a slow search replayed would block the loop). */
export const WARM_BUDGET_MS = 5;

interface Ring {
  requests: (SearchRequest | undefined)[];
  next: number;
}

/**
 * The most recent searches per target, to warm each newly loaded generation before it is served. Recording
 * stores a reference in a fixed ring (nothing is copied or serialised per search); the same request object
 * twice in a row is kept once.
 */
export class RecentSearches {
  private readonly rings = new Map<string, Ring>();

  constructor(
    private readonly kept = KEPT,
    private readonly targets = TARGETS,
  ) {}

  record(target: string, request: SearchRequest): void {
    let ring = this.rings.get(target);
    if (ring === undefined) {
      if (this.rings.size >= this.targets) this.rings.delete(this.rings.keys().next().value as string);
      ring = { requests: new Array<SearchRequest | undefined>(this.kept), next: 0 };
      this.rings.set(target, ring);
    }
    if (ring.requests[(ring.next + this.kept - 1) % this.kept] === request) return;
    ring.requests[ring.next] = request;
    ring.next = (ring.next + 1) % this.kept;
  }

  /** The distinct (by content) recent searches of the targets, most recent first within each target. */
  of(targets: readonly string[]): SearchRequest[] {
    const seen = new Set<string>();
    const distinct: SearchRequest[] = [];
    for (const target of targets) {
      const ring = this.rings.get(target);
      if (ring === undefined) continue;
      for (let back = 1; back <= this.kept; back++) {
        const request = ring.requests[(ring.next - back + this.kept) % this.kept];
        if (request === undefined) continue;
        const key = JSON.stringify(request);
        if (seen.has(key)) continue;
        seen.add(key);
        distinct.push(request);
      }
    }
    return distinct;
  }
}

/**
 * Runs recent searches on a generation before it replaces the served one, so the lazily built state queries
 * share (facet value unions, market masks and counts, word expansions, joint facet rows) is built during the
 * reload instead of by the first request after it. Stops once `budgetMs` is spent; returns how many searches ran.
 */
export function warmUp(
  live: LiveIndex,
  requests: readonly SearchRequest[],
  decoder: TextDecoder,
  budgetMs = WARM_BUDGET_MS,
): number {
  const started = performance.now();
  let ran = 0;
  for (const request of requests) {
    if (performance.now() - started >= budgetMs) break;
    try {
      runSearch(live, request, decoder, {}, true);
      ran++;
    } catch {
      // A search the new generation rejects warms nothing; the request itself gets the error when it is asked.
    }
  }
  return ran;
}
