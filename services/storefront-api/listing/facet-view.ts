import { decimalString } from '../../../indexer/documents/format';
import type { FacetResult, FacetValueCount } from '../../../shared/search';
import { labelIn, textIn, type FacetSpec } from '../catalogue/facet-specs';
import type { SiteCatalogue } from '../catalogue/site-catalogue';
import { swatchOf, type SwatchImages } from '../catalogue/swatches';
import { JsonText } from '../http/json-text';
import { appliedLabelKey } from './applied-labels';
import type { AppliedValue } from './engine-filters';

/** A listing's facets as its answer writes them, and the labels they give its applied values (by appliedLabelKey). */
export interface FacetPanel {
  json: JsonText;
  labels: ReadonlyMap<string, string>;
}

/** What a listing's facets are made of: the engine's results and what the request applied. */
export interface FacetPanelInput {
  catalogue: SiteCatalogue;
  /** The engine's results, in the order of the catalogue's facets. */
  results: readonly FacetResult[];
  applied: readonly AppliedValue[];
  language: string;
  /** Descriptors of the configured swatch images, by source (none: every swatch `image` is null). */
  swatchImages: SwatchImages;
}

/** The spec's facets of a listing, in panel order, with the labels of the applied values they list. */
export function facetPanel(input: FacetPanelInput): FacetPanel {
  const facets = input.catalogue.facets.map((spec, i) => facetOf(spec, input.results[i], input));
  const labels = new Map<string, string>();
  for (const { facet, value } of input.applied) {
    const label = facets.find((f) => f.key === facet)?.values.find((v) => v.value === value)?.label;
    if (label !== undefined) labels.set(appliedLabelKey(facet, value), label);
  }
  return { json: new JsonText(JSON.stringify(facets)), labels };
}

/**
 * A range facet's bound as the spec writes shop data: a decimal string, never a JSON number (the price with at
 * least two decimals, as its amounts are).
 */
const rangeBound = (key: string, n: number | null): string | null =>
  n === null ? null : key === 'price' ? decimalString(String(n)) : String(n);

function facetOf(spec: FacetSpec, result: FacetResult | undefined, input: FacetPanelInput) {
  const { applied, language, swatchImages } = input;
  const selected = new Set(applied.filter((a) => a.facet === spec.key).map((a) => a.value));
  // The rest is added with Object.assign, not `{ ...base, values }`: on Node 20 a spread followed by more
  // properties costs about 2 us an object (docs/decisions.md, "Spreads that add properties").
  const base = {
    key: spec.key,
    label: labelIn(spec.label, language, spec.key),
    type: spec.type,
    match: spec.match,
    searchable: spec.searchable,
    help: textIn(spec.help, language),
    collapsed: spec.collapsed,
  };
  if (result?.kind === 'range') {
    return Object.assign(base, {
      values: [],
      truncated: false,
      range: {
        unit: spec.range?.unit ?? null,
        step: spec.range?.step ?? 1,
        min: rangeBound(spec.key, result.min),
        max: rangeBound(spec.key, result.max),
      },
    });
  }
  if (result?.kind === 'toggle') {
    return Object.assign(base, {
      values: [{ value: 'true', label: base.label, count: result.count, selected: selected.has('true'), help: null }],
      truncated: false,
      range: null,
    });
  }
  const values = (result?.values ?? []).map((v: FacetValueCount & { depth?: number; parent?: string | null }) => ({
    value: v.value,
    label: v.label ?? v.value,
    count: v.count,
    selected: selected.has(v.value),
    help: null,
    ...(v.depth !== undefined && { depth: v.depth, parent: v.parent ?? null }),
    ...(spec.type === 'swatch' && { swatch: swatchOf(spec, v.value, swatchImages) }),
  }));
  return Object.assign(base, { values, truncated: result?.truncated ?? false, range: null });
}
