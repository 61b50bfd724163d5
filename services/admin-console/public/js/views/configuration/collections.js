// @ts-check
// The draft's collections: listings defined by a filter, with names and slugs per language, a place in the tree,
// and products pinned to the head or hidden.
import { h } from '../../dom.js';
import { collectionEditor, collectionName } from './collection-form.js';

/** @typedef {import('./collection-form.js').Collection} Collection */

/** @param {Record<string, string>} record */
const perLanguageCell = (record) =>
  h(
    'ul',
    { class: 'cfg-list' },
    Object.entries(record).map(([language, text]) =>
      h('li', null, h('span', { class: 'cfg-lang' }, language), ' ', text),
    ),
  );

/** @param {Record<string, string[]>} filter */
function filterCell(filter) {
  const entries = Object.entries(filter);
  if (entries.length === 0 || (entries.length === 1 && 'all' in filter))
    return h('span', { class: 'muted' }, 'Every product');
  return h(
    'ul',
    { class: 'cfg-list' },
    entries.map(([key, values]) => h('li', null, h('code', null, key), `: ${values.join(', ')}`)),
  );
}

/** @param {Collection} c @param {import('../../types.js').SiteConfig} draft */
function parentCell(c, draft) {
  if (c.parentId === null) return h('span', { class: 'muted' }, 'Top level');
  const parent = /** @type {Collection[]} */ (/** @type {unknown} */ (draft.collections)).find(
    (other) => other.id === c.parentId,
  );
  return parent ? collectionName(parent) : `Collection ${c.parentId}`;
}

/** @param {Collection} c */
function merchandisingCell(c) {
  const parts = [
    c.pin.length > 0 ? `${c.pin.length} pinned` : null,
    c.hide.length > 0 ? `${c.hide.length} hidden` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : h('span', { class: 'muted' }, 'None');
}

/** @returns {import('./entity-section.js').EntitySpec<Collection>} */
export function collectionsSpec() {
  return {
    id: 'collections',
    title: 'Collections',
    intro:
      'Listings the shop links to, such as a sale or a theme: each is defined by a filter, with a name and ' +
      'an address per language.',
    noun: 'collection',
    caption: "The draft's collections",
    empty: 'The draft has no collection yet.',
    items: (draft) => /** @type {Collection[]} */ (/** @type {unknown} */ (draft.collections)),
    name: collectionName,
    columns: [
      {
        label: 'Collection',
        cell: (c) => [
          h('span', { class: 'cfg-name' }, collectionName(c)),
          h('span', { class: 'cfg-id' }, `Id ${c.id}`),
        ],
      },
      { label: 'Names', cell: (c) => perLanguageCell(c.names) },
      { label: 'Slugs', cell: (c) => perLanguageCell(c.slugs) },
      { label: 'Filter', cell: (c) => filterCell(c.filter) },
      { label: 'Parent', cell: parentCell },
      { label: 'Pins and hides', cell: merchandisingCell },
    ],
    editor: collectionEditor,
    removePath: (c) => `/collections/${c.id}`,
    removeNote:
      'It leaves the draft; the live site keeps it until the draft is published. Collections under it and ' +
      'query rules redirecting to it must be changed first.',
  };
}
