/**
 * A facet to count in the filter context. Filters of the request with the same key and match `any`
 * (and, for `range`, every range filter on that key) are left out of that facet's own counts: disjunctive faceting.
 */
export type FacetRequest =
  | { kind: 'terms'; key: string; size?: number }
  | { kind: 'hierarchy'; key: string; size?: number }
  | { kind: 'range'; key: string }
  | { kind: 'toggle'; key: string };

/** One value with its document count; `label` is in the request language, null when none was indexed. */
export interface FacetValueCount {
  value: string;
  label: string | null;
  count: number;
}

/** A hierarchy value: `depth` is 1 for a root path; `parent` is the parent path or null for a root. */
export interface HierarchyValueCount extends FacetValueCount {
  depth: number;
  parent: string | null;
}

/** Values with count > 0, by count descending then value ascending; `truncated` when `size` cut the list. */
export interface TermsFacetResult {
  kind: 'terms';
  key: string;
  values: FacetValueCount[];
  truncated: boolean;
}

/** Every level's paths with count > 0, ordered like terms; the caller builds the tree from `parent`. */
export interface HierarchyFacetResult {
  kind: 'hierarchy';
  key: string;
  values: HierarchyValueCount[];
  truncated: boolean;
}

/** Min and max of the number over the context (null when no document has it); `count` documents have it. */
export interface RangeFacetResult {
  kind: 'range';
  key: string;
  min: number | null;
  max: number | null;
  count: number;
}

/** Number of documents in the context whose flag is true. */
export interface ToggleFacetResult {
  kind: 'toggle';
  key: string;
  count: number;
}

/** One facet's answer, in the order the facets were requested. */
export type FacetResult = TermsFacetResult | HierarchyFacetResult | RangeFacetResult | ToggleFacetResult;
