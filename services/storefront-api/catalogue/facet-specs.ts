import { priceField, inStockField } from '../../../shared/search';
import type { FacetDefinition, SiteConfig } from '../../../shared/storefront-config/schemas';
import { deriveSiteIndexConfig, type TenantFacts } from '../../../indexer/documents/site-config';

export type FacetType = FacetDefinition['type'];

/** One facet as the listing serves it: its definition with the engine field it filters and counts. */
export interface FacetSpec {
  key: string;
  type: FacetType;
  match: 'any' | 'all' | 'single';
  label: Record<string, string>;
  help: Record<string, string>;
  collapsed: boolean;
  searchable: boolean;
  size: number;
  position: number;
  range: { unit: string | null; step: number } | null;
  swatches: FacetDefinition['swatches'];
  /** The document field: the key itself, or `price.<market>` / `inStock.<market>` for the built-ins. */
  field: (market: string) => string;
}

const own = (key: string) => () => key;

const BUILT_IN: FacetSpec[] = [
  {
    key: 'price',
    type: 'range',
    match: 'any',
    label: { en: 'Price', sv: 'Pris', de: 'Preis' },
    help: {},
    collapsed: false,
    searchable: false,
    size: 1,
    position: 10_001,
    range: { unit: null, step: 1 },
    swatches: {},
    field: priceField,
  },
  {
    key: 'in-stock',
    type: 'toggle',
    match: 'any',
    label: { en: 'In stock', sv: 'I lager', de: 'Auf Lager' },
    help: {},
    collapsed: false,
    searchable: false,
    size: 1,
    position: 10_002,
    range: null,
    swatches: {},
    field: inStockField,
  },
];

function fromDefinition(key: string, d: FacetDefinition): FacetSpec {
  return {
    key,
    type: d.type,
    match: d.match,
    label: d.label,
    help: d.help,
    collapsed: d.collapsed,
    searchable: d.searchable,
    size: d.size,
    position: d.position,
    range: d.range ?? (d.type === 'range' ? { unit: null, step: 1 } : null),
    swatches: d.swatches,
    field: own(key),
  };
}

/**
 * The zero-config facets (spec: "every active category root becomes a facet"), labelled from the tenant's own names.
 */
function zeroConfig(facts: TenantFacts): FacetSpec[] {
  const labels = ['Brand', ...facts.optionAxes, ...facts.keyedAttributes, ...facts.categoryRoots.map((r) => r.name)];
  return deriveSiteIndexConfig(facts).facets.map((source, i) => ({
    key: source.key,
    type: source.kind === 'category' ? 'hierarchy' : 'list',
    match: 'any',
    label: { en: labels[i] ?? source.key },
    help: {},
    collapsed: false,
    searchable: source.kind !== 'category',
    size: 20,
    position: i,
    range: null,
    swatches: {},
    field: own(source.key),
  }));
}

/** Every facet of a site, in panel order: the configured ones (or the zero-config ones), then price and in-stock. */
export function facetSpecs(config: SiteConfig, facts: TenantFacts): FacetSpec[] {
  const configured =
    config.facets.length > 0 ? config.facets.map((f) => fromDefinition(f.key, f.definition)) : zeroConfig(facts);
  return [...configured.sort((a, b) => a.position - b.position), ...BUILT_IN];
}

/** A text in the language (or its primary subtag), else null. */
export function textIn(texts: Record<string, string>, language: string): string | null {
  return texts[language] ?? texts[language.split('-')[0] ?? ''] ?? null;
}

/** A label in the language, else English, else any, else the fallback. */
export function labelIn(labels: Record<string, string>, language: string, fallback: string): string {
  return textIn(labels, language) ?? labels.en ?? Object.values(labels)[0] ?? fallback;
}
