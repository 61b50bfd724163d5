import type { SearchFact, SearchKind, SearchPlace } from './search-fact';
import { SpaceSaving } from './space-saving';

/** Per query of a group: how often, how it went, and the total it found last. */
export interface QueryStats {
  count: number;
  noHits: number;
  corrected: number;
  redirected: number;
  ruled: number;
  /** Requests for a page after the first. */
  paged: number;
  lastTotal: number;
}

/** A group: one site, day (UTC), market, language and kind of search. */
export interface GroupKey extends SearchPlace {
  day: string;
  kind: SearchKind;
}

export interface QueryRow extends GroupKey, QueryStats {
  query: string;
}
export interface FilterRow extends GroupKey {
  filter: string;
  count: number;
}
/** Every request of a group, kept or not: what the kept rows are a share of. */
export interface VolumeRow extends GroupKey {
  requests: number;
  noHits: number;
}

/** One flush interval's roll-ups. */
export interface Rollups {
  queries: QueryRow[];
  filters: FilterRow[];
  volumes: VolumeRow[];
}

export interface RollupBounds {
  /** Distinct queries kept per group (a space-saving summary: the frequent ones are always among them). */
  queriesPerGroup: number;
  /** Distinct filter values kept per group. */
  filtersPerGroup: number;
  /** Groups held at once; a search of a group past it is not counted (and reported as such). */
  maxGroups: number;
}

export const DEFAULT_ROLLUP_BOUNDS: RollupBounds = { queriesPerGroup: 1000, filtersPerGroup: 500, maxGroups: 2000 };

type Group = {
  key: GroupKey;
  requests: number;
  noHits: number;
  queries: SpaceSaving<QueryStats>;
  filters: SpaceSaving<null>;
};

const freshStats = (): QueryStats => ({
  count: 0,
  noHits: 0,
  corrected: 0,
  redirected: 0,
  ruled: 0,
  paged: 0,
  lastTotal: 0,
});
const noData = () => null;

const DAY_MS = 86_400_000;

/** The UTC day of an instant, as `YYYY-MM-DD`. Pure. */
export const utcDay = (at: number): string => new Date(at).toISOString().slice(0, 10);

/**
 * Searches counted in memory between flushes, per group, with bounded memory whatever the traffic: at most
 * `maxGroups` groups of at most `queriesPerGroup` queries and `filtersPerGroup` filter values each.
 */
export class SearchRollup {
  private groups = new Map<string, Group>();
  private dayStart = Number.NEGATIVE_INFINITY;
  private day = '';

  constructor(private readonly bounds: RollupBounds = DEFAULT_ROLLUP_BOUNDS) {}

  /** Counts a search made `weight` times; false when it could not be (every group slot taken by others). */
  record(place: SearchPlace, fact: SearchFact, at: number = Date.now(), weight = 1): boolean {
    const group = this.group(place, this.dayOf(at), fact.kind);
    if (group === null) return false;
    const noHits = fact.total === 0 ? weight : 0;
    group.requests += weight;
    group.noHits += noHits;
    const stats = group.queries.observe(fact.query, freshStats, weight).data;
    stats.count += weight;
    stats.noHits += noHits;
    stats.corrected += fact.corrected ? weight : 0;
    stats.redirected += fact.redirected ? weight : 0;
    stats.ruled += fact.ruled ? weight : 0;
    stats.paged += fact.page > 1 ? weight : 0;
    stats.lastTotal = fact.total;
    for (const filter of fact.filters) group.filters.observe(filter, noData, weight);
    return true;
  }

  /** Groups held now (each at most the bounded number of queries and filters). */
  get groupCount(): number {
    return this.groups.size;
  }

  /**
   * Everything counted since the last drain, as rows, and starts afresh. A query's count comes from its own
   * statistics: what it took over from an evicted query (the summary's `error`) is not reported as its own.
   */
  drain(): Rollups {
    const groups = [...this.groups.values()];
    this.groups = new Map();
    return {
      queries: groups.flatMap((g) => g.queries.top().map((e): QueryRow => ({ ...g.key, query: e.key, ...e.data }))),
      filters: groups.flatMap((g) =>
        g.filters.top().map((e): FilterRow => ({ ...g.key, filter: e.key, count: e.count - e.error })),
      ),
      volumes: groups.map((g): VolumeRow => ({ ...g.key, requests: g.requests, noHits: g.noHits })),
    };
  }

  /** The UTC day of `at`, formatted once per day rather than per search. */
  private dayOf(at: number): string {
    if (at < this.dayStart || at >= this.dayStart + DAY_MS) {
      this.dayStart = at - (at % DAY_MS);
      this.day = utcDay(at);
    }
    return this.day;
  }

  private group(place: SearchPlace, day: string, kind: SearchKind): Group | null {
    const id = `${place.siteId}\u0000${day}\u0000${place.market}\u0000${place.language}\u0000${kind}`;
    const held = this.groups.get(id);
    if (held !== undefined) return held;
    if (this.groups.size >= this.bounds.maxGroups) return null;
    const key: GroupKey = {
      tenantId: place.tenantId,
      siteId: place.siteId,
      market: place.market,
      language: place.language,
      day,
      kind,
    };
    const group: Group = {
      key,
      requests: 0,
      noHits: 0,
      queries: new SpaceSaving(this.bounds.queriesPerGroup),
      filters: new SpaceSaving(this.bounds.filtersPerGroup),
    };
    this.groups.set(id, group);
    return group;
  }
}
