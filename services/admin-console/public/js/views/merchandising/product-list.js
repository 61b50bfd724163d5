// @ts-check
// A rule's pinned products (each at a place) or hidden products: the list, and a finder to add to it.
import { h, replace } from '../../dom.js';
import { actionButton, errorSlot, group, labelledInput, uid } from './controls.js';
import { productFinder } from './product-finder.js';
import { productLabel } from './product-names.js';

/** @typedef {{ id: string, element: HTMLElement, name: HTMLElement, place: HTMLInputElement | null }} ProductRow */

const TEXT = {
  pin: {
    legend: 'Pinned products',
    hint:
      'A pinned product shows at its place (1 is the first result) whether or not it matches the search words, ' +
      "as long as it is sold in the market and passes the shopper's filters.",
    none: 'No product is pinned.',
    finder: 'Find a product to pin',
    verb: 'Pin',
  },
  hide: {
    legend: 'Hidden products',
    hint: 'Left out of the results, their count and the filter counts, even when a rule pins them.',
    none: 'No product is hidden.',
    finder: 'Find a product to hide',
    verb: 'Hide',
  },
};

/**
 * @param {{ kind: 'pin' | 'hide', api: import('../../api.js').AdminApi, siteId: number, signal: AbortSignal, pins?: import('./types.js').Pin[], ids?: string[] }} o
 * @returns {{ element: HTMLElement, pins: () => { productId: string, position: number | null }[], ids: () => string[], number: () => void }}
 */
export function productList(o) {
  const text = TEXT[o.kind];
  /** @type {ProductRow[]} */
  const rows = [];
  const list = h('ol', { class: `product-list ${o.kind}-list` });
  const none = h('p', { class: 'muted none' }, text.none);
  const path = o.kind === 'pin' ? '$.pin' : '$.hide';

  /** @param {string} id @param {number | null} position */
  const rowOf = (id, position) => {
    const nameId = uid('product');
    const name = h(
      'span',
      { id: nameId, class: 'product-name', tabindex: '-1', 'aria-describedby': `${nameId}-error` },
      productLabel(id),
    );
    const place =
      o.kind === 'pin'
        ? labelledInput({
            label: 'Place',
            type: 'number',
            value: position,
            class: 'place',
            attrs: { min: 1, max: 100, inputmode: 'numeric' },
          })
        : null;
    place?.label.append(h('span', { class: 'visually-hidden' }, ` of ${productLabel(id)}`));
    /** @type {ProductRow} */
    const row = { id, element: h('li'), name, place: place?.input ?? null };
    const remove = actionButton('Remove', `Remove ${productLabel(id)}`, () => {
      const at = rows.indexOf(row);
      rows.splice(at, 1);
      row.element.remove();
      none.hidden = rows.length > 0;
      /** @type {HTMLElement | undefined} */
      const next =
        rows[at]?.element.querySelector('button') ?? rows[at - 1]?.element.querySelector('button') ?? undefined;
      (next ?? finderInput())?.focus();
    });
    replace(
      row.element,
      h(
        'div',
        { class: 'product-line' },
        h('div', { class: 'product-cell' }, name, errorSlot(nameId)),
        place?.wrap,
        remove,
      ),
    );
    return row;
  };
  /** @param {ProductRow} row */
  const add = (row) => {
    rows.push(row);
    list.append(row.element);
    none.hidden = true;
  };
  for (const pin of o.pins ?? []) add(rowOf(pin.productId, pin.position));
  for (const id of o.ids ?? []) add(rowOf(id, null));
  none.hidden = rows.length > 0;

  const finder = productFinder({
    api: o.api,
    siteId: o.siteId,
    signal: o.signal,
    label: text.finder,
    verb: text.verb,
    taken: (id) => rows.some((r) => r.id === id),
    add: (p) => {
      const row = rowOf(p.productId, rows.length + 1);
      add(row);
      row.place?.focus();
    },
  });
  const finderInput = () => /** @type {HTMLElement | null} */ (finder.querySelector('input'));
  const element = group(
    { legend: text.legend, hint: text.hint, path, class: `product-group ${o.kind}-group` },
    none,
    list,
    finder,
  );
  const number = () =>
    rows.forEach((row, i) => {
      row.name.dataset.path = `${path}[${i}]`;
      if (row.place) row.place.dataset.path = `${path}[${i}].position`;
    });
  const pins = () =>
    rows.map((r) => ({ productId: r.id, position: r.place && r.place.value !== '' ? Number(r.place.value) : null }));
  return { element, pins, ids: () => rows.map((r) => r.id), number };
}
