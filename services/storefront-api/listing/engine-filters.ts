import { isInverted, parseRangeValue } from '../../../shared/listing/range-value';
import type { Filter } from '../../../shared/search';
import type { FacetSpec } from '../catalogue/facet-specs';
import type { Warning } from './warnings';

/** A selection the listing applied, for `appliedFilters` (labels are added from the facet results). */
export interface AppliedValue {
  facet: string;
  value: string;
}

export interface EngineFilters {
  filters: Filter[];
  applied: AppliedValue[];
  warnings: Warning[];
}

const ignored = (facet: string, value: string, detail: string): Warning => ({
  code: 'FILTER_IGNORED',
  facet,
  value,
  detail,
});

function rangeFilter(spec: FacetSpec, values: readonly string[], market: string, out: EngineFilters): void {
  const [first, ...extra] = values;
  for (const v of extra) out.warnings.push(ignored(spec.key, v, 'a range facet takes one range'));
  const range = first === undefined ? null : parseRangeValue(first);
  if (first === undefined || range === null) {
    out.warnings.push(ignored(spec.key, first ?? '', 'not a range such as 10-50, -50 or 10-'));
  } else if (isInverted(range)) {
    out.warnings.push({
      code: 'RANGE_INVERTED',
      facet: spec.key,
      value: first,
      detail: 'the lower bound is above the upper bound; the range is ignored',
    });
  } else {
    out.filters.push({ kind: 'range', key: spec.field(market), min: range.min, max: range.max });
    out.applied.push({ facet: spec.key, value: first });
  }
}

function toggleFilter(spec: FacetSpec, values: readonly string[], market: string, out: EngineFilters): void {
  for (const v of values) {
    if (v === 'true') {
      if (!out.applied.some((a) => a.facet === spec.key)) {
        out.filters.push({ kind: 'toggle', key: spec.field(market) });
        out.applied.push({ facet: spec.key, value: 'true' });
      }
    } else if (v !== 'false') out.warnings.push(ignored(spec.key, v, 'a toggle takes true or false'));
  }
}

function valueFilter(spec: FacetSpec, values: readonly string[], out: EngineFilters): void {
  const kept = spec.match === 'single' ? values.slice(0, 1) : [...values];
  for (const v of values.slice(kept.length)) out.warnings.push(ignored(spec.key, v, 'this facet takes a single value'));
  const match = spec.match === 'all' ? 'all' : 'any';
  out.filters.push(
    spec.type === 'hierarchy'
      ? { kind: 'hierarchy', key: spec.field(''), paths: kept, match }
      : { kind: 'terms', key: spec.field(''), values: kept, match },
  );
  for (const v of kept) out.applied.push({ facet: spec.key, value: v });
}

/**
 * The engine filters of the listing grammar's filters (rules 5 to 11). Unknown facets and unparseable values are
 * ignored with FILTER_IGNORED; an inverted range with RANGE_INVERTED; a toggle's `false` is no opinion.
 */
export function toEngineFilters(
  filters: Map<string, { values: string[] }>,
  facets: Map<string, FacetSpec>,
  market: string,
): EngineFilters {
  const out: EngineFilters = { filters: [], applied: [], warnings: [] };
  for (const [key, { values }] of filters) {
    const spec = facets.get(key);
    if (spec === undefined) {
      out.warnings.push(ignored(key, values.join(','), 'not a facet of this site'));
      continue;
    }
    for (const v of values.filter((v) => v === '')) out.warnings.push(ignored(key, v, 'an empty value'));
    const nonEmpty = values.filter((v) => v !== '');
    if (nonEmpty.length === 0) continue;
    if (spec.type === 'range') rangeFilter(spec, nonEmpty, market, out);
    else if (spec.type === 'toggle') toggleFilter(spec, nonEmpty, market, out);
    else valueFilter(spec, nonEmpty, out);
  }
  return out;
}
