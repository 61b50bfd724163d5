// @ts-check
// The draft's facets: the filter panels of search and listings, each fed by a source (brand, option, attribute,
// category tree) and shown as a type (list, hierarchy, range, toggle, swatch).
import { h } from '../../dom.js';
import { quoted } from './context.js';
import { facetEditor } from './facet-form.js';

/**
 * @typedef {{ kind: 'brand' } | { kind: 'option', option: string } | { kind: 'attribute', attribute: string } | { kind: 'category', rootId: number | null }} FacetSource
 * @typedef {{
 *   source: FacetSource, type: string, match: string, label: Record<string, string>, help: Record<string, string>,
 *   collapsed: boolean, searchable: boolean, size: number, position: number,
 *   range: { unit: string | null, step: number } | null, swatches: Record<string, { color: string | null, image: string | null }>,
 * }} FacetDefinition
 * @typedef {{ key: string, definition: FacetDefinition }} Facet
 */

/** What feeds the facet, in words. @param {FacetSource} source */
export function sourceText(source) {
  switch (source.kind) {
    case 'brand':
      return 'Brand';
    case 'option':
      return `Option ${quoted(source.option)}`;
    case 'attribute':
      return `Attribute ${quoted(source.attribute)}`;
    case 'category':
      return source.rootId === null ? 'Category tree' : `Categories under ${source.rootId}`;
    default:
      return String(/** @type {{ kind: unknown }} */ (source).kind);
  }
}

export const TYPE_LABELS = /** @type {Record<string, string>} */ ({
  list: 'List',
  hierarchy: 'Hierarchy',
  range: 'Range',
  toggle: 'Toggle',
  swatch: 'Swatch',
});

/** @param {Record<string, string>} labels */
const labelsCell = (labels) => {
  const entries = Object.entries(labels);
  if (entries.length === 0) return h('span', { class: 'muted' }, 'No label');
  return h(
    'ul',
    { class: 'cfg-list' },
    entries.map(([language, text]) => h('li', null, h('span', { class: 'cfg-lang' }, language), ' ', text)),
  );
};

/** @param {FacetDefinition} d */
const panelCell = (d) => {
  const notes = [
    `${d.size} values`,
    d.type === 'range' || d.type === 'toggle' ? null : `match ${d.match}`,
    d.collapsed ? 'collapsed' : null,
    d.searchable ? 'searchable' : null,
  ];
  return notes.filter(Boolean).join(' · ');
};

/** @returns {import('./entity-section.js').EntitySpec<Facet>} */
export function facetsSpec() {
  return {
    id: 'facets',
    title: 'Facets',
    intro:
      'The filters shoppers see beside search results and listings, in the order of their position. With no ' +
      'facet here, the site derives them from brands, options, attributes and categories.',
    noun: 'facet',
    caption: "The draft's facets, by position",
    empty: 'The draft has no facet: the site shows the facets it derives from the catalogue.',
    items: (draft) =>
      [.../** @type {Facet[]} */ (/** @type {unknown} */ (draft.facets))].sort(
        (a, b) => a.definition.position - b.definition.position,
      ),
    name: (f) => f.key,
    columns: [
      { label: 'Facet', cell: (f) => h('code', null, f.key) },
      { label: 'Label', cell: (f) => labelsCell(f.definition.label) },
      { label: 'Source', cell: (f) => sourceText(f.definition.source) },
      { label: 'Type', cell: (f) => TYPE_LABELS[f.definition.type] ?? f.definition.type },
      { label: 'Position', cell: (f) => String(f.definition.position) },
      { label: 'Panel', cell: (f) => panelCell(f.definition) },
    ],
    editor: facetEditor,
    removePath: (f) => `/facets/${encodeURIComponent(f.key)}`,
    removeNote:
      'It leaves the draft; the live site keeps it until the draft is published. Collections and query rules ' +
      'that filter on it must be changed first.',
  };
}
