// @ts-check
// The confirmation step before an action that changes what the shop searches: a modal dialog saying what will
// happen, Cancel first (Escape cancels too); focus goes back to the button that opened it.
import { h } from '../../dom.js';

let nextId = 0;

/**
 * @param {{
 *   title: string, body: import('../../dom.js').Children, confirmLabel: string, opener: HTMLElement, signal: AbortSignal,
 * }} o
 * @returns {Promise<boolean>} true when the person confirmed
 */
export function confirmStep(o) {
  const id = `confirm-${++nextId}`;
  return new Promise((resolve) => {
    const dialog = h('dialog', {
      class: 'confirm-step',
      'aria-labelledby': `${id}-title`,
      'aria-describedby': `${id}-body`,
    });
    const cancel = h(
      'button',
      { type: 'button', class: 'button secondary', onclick: () => dialog.close('cancel') },
      'Cancel',
    );
    const confirm = h(
      'button',
      { type: 'button', class: 'button primary', onclick: () => dialog.close('confirm') },
      o.confirmLabel,
    );
    dialog.append(
      h('h2', { id: `${id}-title` }, o.title),
      h('div', { id: `${id}-body`, class: 'confirm-body' }, o.body),
      h('div', { class: 'form-actions' }, cancel, confirm),
    );
    const leave = () => dialog.close('cancel');
    o.signal.addEventListener('abort', leave, { once: true });
    dialog.addEventListener('close', () => {
      o.signal.removeEventListener('abort', leave);
      dialog.remove();
      if (o.opener.isConnected) o.opener.focus();
      resolve(dialog.returnValue === 'confirm');
    });
    document.body.append(dialog);
    dialog.showModal();
    cancel.focus();
  });
}
