// @ts-check
// A filter in the storefront's grammar (facet key to values) as rows of a facet and its values: a rule's boost
// ("show first"), bury ("show last") and filter.
import { h } from '../../dom.js';
import { actionButton, group, joinList, labelledInput, splitList, uid } from './controls.js';
import { facetName } from './rule-words.js';

/** @typedef {{ element: HTMLElement, facet: HTMLInputElement | HTMLSelectElement, values: HTMLInputElement }} FilterRow */

/**
 * The facets a rule may name: the draft's own (with price and in-stock), or, when the draft configures none and the
 * storefront derives them from the catalogue, null (the admin types the key).
 * @param {import('./types.js').Merchandising} draft
 * @returns {{ key: string, label: string }[] | null}
 */
export function facetChoices(draft) {
  if (draft.facets.length === 0) return null;
  return [...draft.facets.map((f) => f.key), 'price', 'in-stock'].map((key) => ({
    key,
    label: `${facetName(draft, key)} (${key})`,
  }));
}

/**
 * How facets and values are written, said once above the filters of a rule.
 * @param {import('./types.js').Merchandising} draft
 */
export function filterNote(draft) {
  const values =
    "Values are separated by commas and written as the storefront's filters take them: a brand or colour, " +
    'true for in stock, 100-500 for a price range.';
  const keys =
    draft.facets.length === 0
      ? " This site uses the facets the storefront derives from the catalogue: type a facet's key as its " +
        'filters name it (brand, price, in-stock, …).'
      : '';
  return h(
    'p',
    { class: 'field-hint filter-note' },
    `Show first, Show last and Filter name facets and their values. ${values}${keys}`,
  );
}

/**
 * @param {{
 *   legend: string, hint: string, path: '$.boost' | '$.bury' | '$.filter', value: import('./types.js').FilterMap | null,
 *   draft: import('./types.js').Merchandising,
 * }} o
 * @returns {{ element: HTMLElement, value: () => import('./types.js').FilterMap | null, number: () => void }}
 */
export function filterEditor(o) {
  const choices = facetChoices(o.draft);
  const listId = uid('facet-keys');
  /** @type {FilterRow[]} */
  const rows = [];
  const list = h('div', { class: 'filter-rows' });
  const short = o.legend.toLowerCase();

  /** @param {string} key @param {string[]} values */
  const rowOf = (key, values) => {
    const facetId = uid('facet');
    const facet = choices
      ? h(
          'select',
          { id: facetId, class: 'control' },
          choices.map((c) => h('option', { value: c.key, selected: c.key === key }, c.label)),
        )
      : h('input', {
          id: facetId,
          class: 'control',
          value: key,
          list: listId,
          autocomplete: 'off',
          spellcheck: 'false',
        });
    // Each label says which part of the rule it belongs to, for those who hear the controls one by one.
    const facetField = h(
      'div',
      { class: 'mini-field facet' },
      h('label', { for: facetId }, 'Facet', h('span', { class: 'visually-hidden' }, ` (${short})`)),
      facet,
    );
    const valuesField = labelledInput({ label: 'Values', value: joinList(values), class: 'values' });
    valuesField.label.append(h('span', { class: 'visually-hidden' }, ` (${short})`));
    /** @type {FilterRow} */
    const row = { element: h('div', { class: 'filter-row' }), facet, values: valuesField.input };
    const remove = actionButton('Remove', `Remove this facet from ${short}`, () => {
      const at = rows.indexOf(row);
      rows.splice(at, 1);
      row.element.remove();
      (rows[at]?.facet ?? rows[at - 1]?.facet ?? addButton).focus();
    });
    row.element.append(facetField, valuesField.wrap, remove);
    return row;
  };
  /** @param {FilterRow} row */
  const add = (row) => {
    rows.push(row);
    list.append(row.element);
  };
  for (const [key, values] of Object.entries(o.value ?? {})) add(rowOf(key, values));
  const addButton = actionButton('Add a facet', `Add a facet to ${short}`, () => {
    const row = rowOf(choices?.[0]?.key ?? '', []);
    add(row);
    row.facet.focus();
  });
  const keys = choices
    ? null
    : h(
        'datalist',
        { id: listId },
        ['brand', 'price', 'in-stock'].map((k) => h('option', { value: k })),
      );
  const element = group(
    { legend: o.legend, hint: o.hint, path: o.path, class: 'filter-group' },
    list,
    keys,
    h('div', { class: 'group-actions' }, addButton),
  );

  const keyOf = (/** @type {FilterRow} */ row) => row.facet.value.trim();
  /** Values of one facet given on two rows are merged, as the grammar has one list per facet. */
  const value = () => {
    /** @type {import('./types.js').FilterMap} */
    const filter = {};
    for (const row of rows) {
      const key = keyOf(row);
      if (key === '' && row.values.value.trim() === '') continue;
      filter[key] = [...(filter[key] ?? []), ...splitList(row.values.value)];
    }
    return Object.keys(filter).length === 0 ? null : filter;
  };
  const number = () => {
    for (const row of rows) row.values.dataset.path = `${o.path}.${keyOf(row)}`;
  };
  return { element, value, number };
}
