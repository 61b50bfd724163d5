import type { estypes } from '@elastic/elasticsearch';
import type { Filter, RangeFilter } from '../filters';
import { facetField, flagField, MARKETS_FIELD, numberField } from './es-fields';

export type EsQuery = estypes.QueryDslQueryContainer;

/** Restricts to the documents sellable on a market. */
export function marketClause(market: string): EsQuery {
  return { term: { [MARKETS_FIELD]: market } };
}

function valuesClause(key: string, values: string[], match: 'any' | 'all'): EsQuery | null {
  if (values.length === 0) return null;
  const field = facetField(key);
  if (match === 'any') return { terms: { [field]: values } };
  return { bool: { filter: values.map((value) => ({ term: { [field]: value } })) } };
}

function rangeClause(filter: RangeFilter): EsQuery {
  const field = numberField(filter.key);
  const { min, max } = filter;
  if (min !== null && max !== null && min > max) return { match_none: {} };
  // Both bounds open still requires the number: a document without it never matches a range.
  if (min === null && max === null) return { exists: { field } };
  const bounds: estypes.QueryDslNumberRangeQuery = {};
  if (min !== null) bounds.gte = min;
  if (max !== null) bounds.lte = max;
  return { range: { [field]: bounds } };
}

/** The clause of one filter, or null when it constrains nothing (an empty value list). Pure. */
export function filterClause(filter: Filter): EsQuery | null {
  switch (filter.kind) {
    case 'terms':
      return valuesClause(filter.key, filter.values, filter.match);
    case 'hierarchy':
      // Documents carry every ancestor path, so a path matches its whole subtree with a plain term.
      return valuesClause(filter.key, filter.paths, filter.match);
    case 'range':
      return rangeClause(filter);
    case 'toggle':
      return { term: { [flagField(filter.key)]: true } };
  }
}

/** Clauses of several filters, dropping those that constrain nothing. */
export function filterClauses(filters: readonly Filter[]): EsQuery[] {
  return filters.map(filterClause).filter((clause): clause is EsQuery => clause !== null);
}

/** A bool filter of the clauses, or match_all when there are none. */
export function allOf(clauses: EsQuery[]): EsQuery {
  return clauses.length === 0 ? { match_all: {} } : { bool: { filter: clauses } };
}

/** A bool query of the filters plus the must and must_not clauses there are (the filters always listed). */
export function boolOf(filter: EsQuery[], must: EsQuery[], mustNot: EsQuery[]): EsQuery {
  return {
    bool: { filter, ...(must.length > 0 ? { must } : {}), ...(mustNot.length > 0 ? { must_not: mustNot } : {}) },
  };
}
