// @ts-check
// Asking before a removal: a modal dialog (focus stays in it, Escape cancels) whose Remove button runs the removal.
// A refused removal (another entity still needs this one) is said in the dialog, which stays open.
import { h, replace } from '../../dom.js';

let nextId = 0;

/**
 * @param {{ title: string, detail: string, confirm: string, run: () => Promise<void>, explain: (err: unknown) => import('../../dom.js').Children }} o
 *   `run` removes; `explain` words its failure
 * @returns {Promise<boolean>} whether the removal was made
 */
export function confirmRemove({ title, detail, confirm, run, explain }) {
  const id = `confirm-${++nextId}`;
  const problem = h('div', { class: 'cfg-dialog-problem', role: 'alert' });
  const remove = h('button', { type: 'button', class: 'button cfg-danger' }, confirm);
  // Cancel has the focus first: Enter on a dialog that just opened should not destroy anything.
  const cancel = h('button', { type: 'button', class: 'button secondary', autofocus: true }, 'Cancel');
  const dialog = h(
    'dialog',
    { class: 'cfg-dialog', 'aria-labelledby': `${id}-title`, 'aria-describedby': `${id}-detail` },
    h('h2', { id: `${id}-title` }, title),
    h('p', { id: `${id}-detail` }, detail),
    problem,
    h('div', { class: 'form-actions' }, remove, cancel),
  );
  return new Promise((resolve) => {
    let removed = false;
    cancel.addEventListener('click', () => dialog.close());
    remove.addEventListener('click', () => {
      remove.setAttribute('disabled', '');
      replace(problem);
      run()
        .then(() => {
          removed = true;
          dialog.close();
        })
        .catch((err) => {
          replace(problem, explain(err));
          remove.removeAttribute('disabled');
          cancel.focus();
        });
    });
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(removed);
    });
    document.body.append(dialog);
    dialog.showModal();
  });
}
