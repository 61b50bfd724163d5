// @ts-check
// Revoking a key, confirmed in a modal dialog (focus stays in it, Escape cancels): revocation is immediate and final,
// so the dialog says which key and what happens to the storefronts that use it.
import { h, replace } from '../../dom.js';
import { keyName, kindLabel } from './key-words.js';

/** @typedef {import('./key-words.js').SiteKey} SiteKey */

/**
 * Opens the dialog; `revoke` runs on confirmation, and its error (if any) is shown in the dialog, which stays open.
 * @param {SiteKey} key
 * @param {{ revoke: () => Promise<void>, opener: HTMLElement | null }} o `opener` gets the focus back on cancel
 */
export function confirmRevoke(key, { revoke, opener }) {
  const name = keyName(key);
  const error = h('p', { class: 'dialog-error', role: 'alert' });
  const confirm = h('button', { type: 'button', class: 'button danger-solid' }, 'Revoke key');
  const cancel = h('button', { type: 'button', class: 'button secondary' }, 'Cancel');
  const dialog = h(
    'dialog',
    { class: 'confirm-dialog', 'aria-labelledby': 'revoke-title', 'aria-describedby': 'revoke-what' },
    h('h2', { id: 'revoke-title' }, `Revoke “${name}”?`),
    h(
      'p',
      { id: 'revoke-what' },
      `The ${kindLabel(key.kind).toLowerCase()} key beginning `,
      h('code', null, `${key.hint}…`),
      ' stops working at once: storefronts that send it get 401 from now on. This cannot be undone.',
    ),
    error,
    h('div', { class: 'form-actions' }, confirm, cancel),
  );
  const close = () => {
    dialog.close();
    dialog.remove();
  };
  cancel.addEventListener('click', () => {
    close();
    opener?.focus();
  });
  dialog.addEventListener('cancel', () => {
    dialog.remove();
    opener?.focus();
  });
  confirm.addEventListener('click', () => {
    confirm.setAttribute('disabled', '');
    replace(error);
    revoke()
      .then(close)
      .catch((err) => {
        replace(error, `The key was not revoked: ${err instanceof Error ? err.message : 'something went wrong.'}`);
        confirm.removeAttribute('disabled');
      });
  });
  document.body.append(dialog);
  dialog.showModal();
  cancel.focus();
}
