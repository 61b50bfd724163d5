// @ts-check
// The form of one collection: its names and slugs per language, the filter that defines it, its place in the tree,
// and the products pinned to its head or hidden from it.
import { h } from '../../dom.js';
import { field } from '../../forms.js';
import { valueAt } from './context.js';
import {
  optionalNumber,
  Problems,
  readFilter,
  readList,
  readPerLanguage,
  readPins,
  writeFilter,
  writePerLanguage,
  writePins,
} from './text-values.js';

/**
 * @typedef {{
 *   id: number, names: Record<string, string>, slugs: Record<string, string>, filter: Record<string, string[]>,
 *   parentId: number | null, position: number, pin: { productId: string, position: number }[], hide: string[],
 * }} Collection
 */

/** A collection's name as lists show it: its first name, else its id. @param {Collection} c */
export const collectionName = (c) => Object.values(c.names)[0] ?? `Collection ${c.id}`;

/**
 * The parent choices: every other collection (a collection cannot be its own parent).
 * @param {Collection[]} all
 * @param {Collection | null} c
 */
const parentOptions = (all, c) => [
  { value: '', label: 'None: a top-level collection' },
  ...all
    .filter((other) => other.id !== c?.id)
    .map((other) => ({ value: String(other.id), label: `${collectionName(other)} (${other.id})` })),
];

/** @param {import('../../types.js').SiteConfig} draft */
function filterHint(draft) {
  const keys = draft.facets.map((f) => String(f.key));
  const facets =
    keys.length > 0
      ? ` This site's facets: ${keys.join(', ')}.`
      : ' The site has no facets of its own yet, so any facet key the catalogue derives works.';
  return (
    `One facet a line: its key, a colon, then value keys separated by commas, such as brand: acme, nordic. The ` +
    `line all: alone lists every product.${facets}`
  );
}

/**
 * @param {Collection | null} c
 * @param {import('../../types.js').SiteConfig} draft
 */
const collectionFields = (c, draft) => [
  h(
    'div',
    { class: 'cfg-row' },
    field({
      path: '$.names',
      label: 'Name per language',
      multiline: true,
      required: true,
      value: writePerLanguage(c?.names),
      hint: 'One language a line: its code, a colon, the name. Example: sv: Rea',
    }),
    field({
      path: '$.slugs',
      label: 'Address slug per language',
      multiline: true,
      required: true,
      value: writePerLanguage(c?.slugs),
      hint:
        "The last part of the collection's address, such as sv: rea. Slugs are fixed at publish; old ones keep " +
        'redirecting.',
    }),
  ),
  field({
    path: '$.filter',
    label: 'Filter',
    multiline: true,
    required: true,
    value: writeFilter(c?.filter ?? { all: [] }),
    hint: filterHint(draft),
    attrs: { spellcheck: 'false' },
  }),
  h(
    'div',
    { class: 'cfg-row' },
    field({
      path: '$.parentId',
      label: 'Parent collection',
      options: parentOptions(/** @type {Collection[]} */ (/** @type {unknown} */ (draft.collections)), c),
      value: c?.parentId === null || c === null ? '' : String(c.parentId),
    }),
    field({
      path: '$.position',
      label: 'Position',
      type: 'number',
      value: c?.position ?? 0,
      hint: 'Among its siblings; lower comes first.',
      attrs: { min: 0, step: 1 },
    }),
  ),
  h(
    'div',
    { class: 'cfg-row' },
    field({
      path: '$.pin',
      label: 'Pinned products (optional)',
      multiline: true,
      value: writePins(c?.pin),
      hint: 'One a line: the position (1 to 100), a colon, the product id. 1: 1042 puts product 1042 first.',
      attrs: { spellcheck: 'false' },
    }),
    field({
      path: '$.hide',
      label: 'Hidden products (optional)',
      multiline: true,
      value: (c?.hide ?? []).join('\n'),
      hint: 'Product ids left out of the listing, one a line (or separated by commas).',
      attrs: { spellcheck: 'false' },
    }),
  ),
];

/**
 * The collection as the form holds it.
 * @param {HTMLFormElement} form
 * @param {Problems} problems
 */
function collectionOf(form, problems) {
  const parent = valueAt(form, '$.parentId');
  return {
    names: readPerLanguage(valueAt(form, '$.names'), '$.names', problems),
    slugs: readPerLanguage(valueAt(form, '$.slugs'), '$.slugs', problems),
    filter: readFilter(valueAt(form, '$.filter'), '$.filter', problems),
    parentId: parent === '' ? null : Number(parent),
    position: optionalNumber(valueAt(form, '$.position')),
    pin: readPins(valueAt(form, '$.pin'), '$.pin', problems),
    hide: readList(valueAt(form, '$.hide')),
  };
}

/**
 * @param {Collection | null} c
 * @param {import('./context.js').ConfigContext} cc
 * @returns {import('./entity-section.js').Editor}
 */
export function collectionEditor(c, cc) {
  return {
    title: c ? `Edit the collection ${collectionName(c)}` : 'Add a collection',
    fields: collectionFields(c, cc.draft),
    save: async (form) => {
      const problems = new Problems();
      const body = collectionOf(form, problems);
      problems.check();
      if (c) {
        await cc.api.request('PUT', `${cc.base}/collections/${c.id}`, body, cc.signal);
        return collectionName({ ...c, names: body.names });
      }
      const { collectionId } = /** @type {{ collectionId: number }} */ (
        await cc.api.request('POST', `${cc.base}/collections`, body, cc.signal)
      );
      return Object.values(body.names)[0] ?? `Collection ${collectionId}`;
    },
  };
}
