import type { FacetRequest } from './facets';
import type { Filter } from './filters';

// Disjunctive faceting (see FacetRequest), decided once for both engines so their counts cannot drift apart.

/** True for shopper filters some facet may relax: `any` selections and ranges (the others never change counts). */
export function isRelaxable(filter: Filter): boolean {
  return filter.kind === 'range' || (filter.kind !== 'toggle' && filter.match === 'any');
}

/** True when the facet's own counts leave this filter out. */
export function facetRelaxes(facet: Pick<FacetRequest, 'kind' | 'key'>, filter: Filter): boolean {
  if (facet.key !== filter.key) return false;
  if (facet.kind === 'range') return filter.kind === 'range';
  const valueFacet = facet.kind === 'terms' || facet.kind === 'hierarchy';
  return valueFacet && (filter.kind === 'terms' || filter.kind === 'hierarchy') && filter.match === 'any';
}
