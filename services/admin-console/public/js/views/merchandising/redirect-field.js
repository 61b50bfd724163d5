// @ts-check
// A rule's redirect: none, a web address, or one of the draft's collections.
import { h } from '../../dom.js';
import { field } from '../../forms.js';
import { collectionName } from './rule-words.js';

/** @param {HTMLElement} wrap */
const controlIn = (wrap) => /** @type {HTMLInputElement | HTMLSelectElement} */ (wrap.querySelector('.control'));

/**
 * @param {import('./types.js').RedirectTarget | null} target
 * @param {import('./types.js').Merchandising} draft
 * @returns {{ element: HTMLElement, value: () => import('./types.js').RedirectTarget | null }}
 */
export function redirectField(target, draft) {
  const options = [
    { value: 'none', label: 'No redirect' },
    { value: 'url', label: 'To a web address' },
    ...(draft.collections.length > 0 || target?.kind === 'collection'
      ? [{ value: 'collection', label: 'To a collection' }]
      : []),
  ];
  const kind = field({
    path: '$.target',
    label: 'Redirect',
    value: target?.kind ?? 'none',
    options,
    hint: 'The storefront gets the address with the results and decides whether to send the shopper there.',
  });
  const url = field({
    path: '$.target.url',
    label: 'Web address',
    type: 'url',
    value: target?.kind === 'url' ? target.url : '',
    hint: 'A full address, such as https://shop.example/sale.',
    attrs: { autocomplete: 'off' },
  });
  const collections = draft.collections.map((c) => ({ value: String(c.id), label: collectionName(draft, c.id) }));
  const collection = field({
    path: '$.target.collectionId',
    label: 'Collection',
    value: target?.kind === 'collection' ? String(target.collectionId) : collections[0]?.value,
    options: collections,
  });
  const show = () => {
    url.hidden = controlIn(kind).value !== 'url';
    collection.hidden = controlIn(kind).value !== 'collection';
  };
  controlIn(kind).addEventListener('change', show);
  show();
  const value = () => {
    const chosen = controlIn(kind).value;
    if (chosen === 'url') return { kind: /** @type {const} */ ('url'), url: controlIn(url).value.trim() };
    if (chosen === 'collection')
      return { kind: /** @type {const} */ ('collection'), collectionId: Number(controlIn(collection).value) };
    return null;
  };
  return { element: h('div', { class: 'redirect-field' }, kind, url, collection), value };
}
