// @ts-check
// Creating a key, and the one time its raw value is shown: the API stores only a hash, so the page keeps it only in
// this panel (never in storage) and drops it when the panel is closed or the page left.
import { h, replace } from '../../dom.js';
import { field, onSubmit } from '../../forms.js';
import { sitePath } from '../../router.js';
import { KINDS, keyName } from './key-words.js';

/** @typedef {import('./key-words.js').CreatedKey} CreatedKey */

/**
 * The create form: kind and label, as POST /keys takes them.
 * @param {{ api: import('../../api.js').AdminApi, siteId: number, onCreated: (key: CreatedKey) => void }} o
 */
export function createKeyForm({ api, siteId, onCreated }) {
  const kind = field({
    path: '$.kind',
    label: 'Kind',
    value: 'publishable',
    options: KINDS.map((k) => ({ value: k.kind, label: `${k.label} (${k.short})` })),
  });
  const label = field({
    path: '$.label',
    label: 'Name',
    hint:
      'Where the key is used, such as “Web shop” or “Checkout server” (up to 200 characters; blank names it ' +
      'by ' +
      'its kind).',
    attrs: { maxlength: 200, autocomplete: 'off' },
  });
  const form = h(
    'form',
    { class: 'create-key', novalidate: true, 'aria-labelledby': 'create-key-title' },
    h('h2', { id: 'create-key-title' }, 'Create a key'),
    h('div', { class: 'create-key-fields' }, kind, label),
    h('div', { class: 'form-actions' }, h('button', { type: 'submit', class: 'button primary' }, 'Create key')),
  );
  const value = (/** @type {HTMLElement} */ wrapper) =>
    /** @type {HTMLInputElement | HTMLSelectElement} */ (wrapper.querySelector('.control')).value;
  onSubmit(
    form,
    async () =>
      /** @type {CreatedKey} */ (
        await api.request('POST', `/storefront/sites/${siteId}/keys`, { kind: value(kind), label: value(label) })
      ),
    (created) => {
      /** @type {HTMLInputElement} */ (label.querySelector('.control')).value = '';
      onCreated(created);
    },
  );
  return form;
}

/**
 * Copies the raw key; says whether it worked (a browser may refuse the clipboard: then selecting the text works).
 * @param {string} raw
 * @param {HTMLInputElement} input
 * @param {(text: string) => void} say
 */
async function copy(raw, input, say) {
  try {
    await navigator.clipboard.writeText(raw);
    say('Copied to the clipboard.');
  } catch {
    input.focus();
    input.select();
    say('The browser did not allow copying: the key is selected, press Ctrl+C (or ⌘C) to copy it.');
  }
}

/**
 * The new key, shown this once: a warning that it will not be shown again, the key in a read-only field (selectable
 * by hand), a copy button, and when it starts answering.
 * @param {{ created: CreatedKey, publishedVersion: number | null, onClose: () => void }} o
 */
export function newKeyPanel({ created, publishedVersion, onClose }) {
  const input = /** @type {HTMLInputElement} */ (
    h('input', {
      id: 'new-key-value',
      class: 'control raw-key',
      type: 'text',
      readonly: true,
      value: created.key,
      spellcheck: 'false',
      autocomplete: 'off',
      'aria-describedby': 'new-key-warning',
    })
  );
  input.addEventListener('focus', () => input.select());
  const copied = h('p', { class: 'copy-status', role: 'status' });
  const say = (/** @type {string} */ text) => replace(copied, text);
  const when =
    publishedVersion === null
      ? 'This site has not been published yet: the key starts answering with its first publish.'
      : 'It does not answer yet: like every new key, it starts working when the site is next published.';
  return h(
    'section',
    { class: 'new-key', 'aria-labelledby': 'new-key-title', tabindex: '-1', dataset: { keyId: String(created.id) } },
    h('h2', { id: 'new-key-title' }, `New key: ${keyName(created)}`),
    h(
      'p',
      { id: 'new-key-warning', class: 'new-key-warning' },
      h('strong', null, 'Copy this key now: it will not be shown again.'),
      ' Aisle keeps only a fingerprint of it, so nobody can show it to you later; if it is lost, create ' +
        'another key and revoke this one.',
    ),
    h('label', { for: 'new-key-value', class: 'raw-key-label' }, 'Key'),
    h(
      'div',
      { class: 'raw-key-row' },
      input,
      h(
        'button',
        { type: 'button', class: 'button primary copy-key', onclick: () => void copy(created.key, input, say) },
        'Copy key',
      ),
    ),
    copied,
    h(
      'p',
      { class: 'new-key-when' },
      when,
      ' ',
      h('a', { href: sitePath(created.siteId, 'publish') }, 'Go to Publish'),
    ),
    h('p', { class: 'new-key-header' }, 'Storefronts send it in the ', h('code', null, 'X-Site-Key'), ' header.'),
    h(
      'div',
      { class: 'form-actions' },
      h('button', { type: 'button', class: 'button secondary', onclick: onClose }, 'I have copied it: hide the key'),
    ),
  );
}
