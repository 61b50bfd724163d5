import type { FacetResult, SearchEngine, SearchRequest } from '../../../shared/search';
import type { SiteContext } from '../keys/site-context';
import type { AppliedValue } from './engine-filters';

const key = (facet: string, value: string) => `${facet}\u0000${value}`;

/**
 * Labels of selected values the answer's facets do not list (past the facet's size, or no count beside the
 * other filters). One small search per such value finds its label: filtered by that value alone with match
 * `all` (never relaxed), the value is in every hit, so it heads its own facet's counts.
 */
export async function missingLabels(
  engine: SearchEngine,
  ctx: SiteContext,
  applied: readonly AppliedValue[],
  facets: readonly FacetResult[],
): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  for (const { facet, value } of applied) {
    const spec = ctx.catalogue.facetsByKey.get(facet);
    if (spec === undefined || spec.type === 'range' || spec.type === 'toggle' || listed(facets, facet, value)) continue;
    const hierarchy = spec.type === 'hierarchy';
    const probe: SearchRequest = {
      language: ctx.language,
      market: ctx.market.code,
      pageSize: 1,
      filters: [
        hierarchy
          ? { kind: 'hierarchy', key: facet, paths: [value], match: 'all' }
          : { kind: 'terms', key: facet, values: [value], match: 'all' },
      ],
      facets: [{ kind: hierarchy ? 'hierarchy' : 'terms', key: facet, size: 1000 }],
    };
    const result = await engine.search(ctx.alias, probe);
    const found =
      result.facets[0] !== undefined && 'values' in result.facets[0]
        ? result.facets[0].values.find((v) => v.value === value)
        : undefined;
    if (found?.label) labels.set(key(facet, value), found.label);
  }
  return labels;
}

/** Whether the facet `facet` of the answer lists `value`. */
function listed(facets: readonly FacetResult[], facet: string, value: string): boolean {
  const result = facets.find((f) => f.key === facet);
  return result !== undefined && 'values' in result && result.values.some((v) => v.value === value);
}

export const appliedLabelKey = key;
