/** How several values of one filter combine: `any` ORs them (disjunctive facet), `all` ANDs them. */
export type FilterMatch = 'any' | 'all';

/** Documents whose facet `key` holds the values, combined by `match`; an empty `values` list matches everything. */
export interface TermsFilter {
  kind: 'terms';
  key: string;
  values: string[];
  match: FilterMatch;
}

/** Documents inside the subtree of the paths (a path matches itself and its descendants); empty matches everything. */
export interface HierarchyFilter {
  kind: 'hierarchy';
  key: string;
  paths: string[];
  match: FilterMatch;
}

/**
 * Documents whose number `key` lies within [min, max]; both bounds inclusive, null means open,
 * negative bounds allowed. A document without the number never matches; min > max matches nothing.
 */
export interface RangeFilter {
  kind: 'range';
  key: string;
  min: number | null;
  max: number | null;
}

/** Documents whose flag `key` is true (a toggle that is off is simply not sent). */
export interface ToggleFilter {
  kind: 'toggle';
  key: string;
}

/** One structured filter; a request ANDs all its filters. */
export type Filter = TermsFilter | HierarchyFilter | RangeFilter | ToggleFilter;
