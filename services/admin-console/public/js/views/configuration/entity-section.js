// @ts-check
// One kind of entity of the draft (markets, facets, collections): a table of what the draft holds and, with a
// read-write token, a form to add or edit one (above the table, focus moved to it) and a removal asked first.
import { h, replace } from '../../dom.js';
import { onSubmit } from '../../forms.js';
import { changeStatus, clearStatus, quoted, sayInDraft, sayProblem } from './context.js';
import { confirmRemove } from './confirm-remove.js';
import { explainRefusal } from './draft-paths.js';

/** @typedef {import('./context.js').ConfigContext} ConfigContext */
/** @typedef {import('../../types.js').SiteConfig} SiteConfig */
/** @typedef {import('../../dom.js').Children} Children */

/**
 * A form's content and how it saves: `save` sends the form and answers the saved entity's name for the message.
 * @typedef {{ title: string, fields: Children, save: (form: HTMLFormElement) => Promise<string>, ready?: (form: HTMLFormElement) => void }} Editor
 */

/**
 * @template T
 * @typedef {{
 *   id: string, title: string, intro: Children, noun: string, caption: string, empty: string,
 *   items: (draft: SiteConfig) => T[], name: (item: T) => string,
 *   columns: { label: string, cell: (item: T, draft: SiteConfig) => Children }[],
 *   editor: (item: T | null, cc: ConfigContext) => Editor, removePath: (item: T) => string, removeNote: string,
 * }} EntitySpec
 * The first column heads each row. `removePath` is the DELETE path under the site.
 */

/** @param {unknown} err */
const messageOf = (err) => (err instanceof Error ? err.message : String(err));

/** The draft's own list (in its order: refusals name places in it). @param {SiteConfig} draft @param {string} id */
const draftList = (draft, id) => /** @type {unknown[]} */ (/** @type {Record<string, unknown>} */ (draft)[id] ?? []);

/** @param {string} noun */
const capital = (noun) => noun.charAt(0).toUpperCase() + noun.slice(1);

/**
 * @template T
 * @param {EntitySpec<T>} spec
 * @param {ConfigContext} cc
 * @returns {HTMLElement}
 */
export function entitySection(spec, cc) {
  const status = changeStatus();
  const editorSlot = h('div', { class: 'cfg-editor-slot' });
  const list = h('div', { class: 'cfg-list-slot' });
  /** @type {HTMLElement | null} the button that opened the form, where focus returns on Cancel */
  let opener = null;

  /** Re-reads the draft after a change and says what is in it now. @param {string} what */
  async function afterChange(what) {
    try {
      await cc.reload();
      render();
      sayInDraft(status, cc, what);
    } catch (err) {
      if (!cc.signal.aborted)
        sayProblem(
          status,
          `${what} The list could not be read again, though: ${messageOf(err)} Reload the page to see it.`,
        );
    }
  }

  const close = (/** @type {boolean} */ returnFocus) => {
    replace(editorSlot);
    if (returnFocus && opener?.isConnected) opener.focus();
  };

  /** @param {T | null} item @param {HTMLElement} from */
  function open(item, from) {
    clearStatus(status);
    opener = from;
    const editor = spec.editor(item, cc);
    const titleId = `${spec.id}-editor-title`;
    const title = h('h3', { id: titleId, tabindex: '-1' }, editor.title);
    const cancel = h('button', { type: 'button', class: 'button secondary', onclick: () => close(true) }, 'Cancel');
    const form = h(
      'form',
      { class: 'cfg-form', novalidate: true, 'aria-labelledby': titleId },
      editor.fields,
      h(
        'div',
        { class: 'form-actions' },
        h('button', { type: 'submit', class: 'button primary' }, 'Save to draft'),
        cancel,
      ),
    );
    editor.ready?.(form);
    onSubmit(
      form,
      () => editor.save(form),
      (name) => {
        close(false);
        void afterChange(`${capital(spec.noun)} ${quoted(name)} saved in the draft.`);
      },
    );
    const panel = h('div', { class: 'cfg-editor panel' }, title, form);
    panel.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') close(true);
    });
    replace(editorSlot, panel);
    title.focus();
  }

  /** @param {T} item */
  async function askRemove(item) {
    clearStatus(status);
    const name = spec.name(item);
    const removed = await confirmRemove({
      title: `Remove the ${spec.noun} ${quoted(name)}?`,
      detail: spec.removeNote,
      confirm: `Remove ${spec.noun}`,
      run: async () =>
        void (await cc.api.request('DELETE', `${cc.base}${spec.removePath(item)}`, undefined, cc.signal)),
      // A refusal names fields by their place in the draft as it would be without this entity.
      explain: (err) =>
        explainRefusal({ ...cc.draft, [spec.id]: draftList(cc.draft, spec.id).filter((other) => other !== item) }, err),
    });
    if (removed) await afterChange(`${capital(spec.noun)} ${quoted(name)} removed from the draft.`);
  }

  /** @param {T} item */
  const actionsCell = (item) => {
    const name = spec.name(item);
    const edit = h(
      'button',
      { type: 'button', class: 'button secondary cfg-small', onclick: () => open(item, edit) },
      'Edit',
      h('span', { class: 'visually-hidden' }, ` ${spec.noun} ${name}`),
    );
    const remove = h(
      'button',
      { type: 'button', class: 'button cfg-danger-outline cfg-small', onclick: () => void askRemove(item) },
      'Remove',
      h('span', { class: 'visually-hidden' }, ` ${spec.noun} ${name}`),
    );
    return h('td', { class: 'cfg-actions', 'data-label': 'Actions' }, edit, remove);
  };

  /** @param {T} item */
  const row = (item) =>
    h(
      'tr',
      { dataset: { name: spec.name(item) } },
      spec.columns.map((column, i) =>
        h(
          i === 0 ? 'th' : 'td',
          { scope: i === 0 ? 'row' : null, 'data-label': column.label },
          column.cell(item, cc.draft),
        ),
      ),
      cc.canWrite ? actionsCell(item) : null,
    );

  function render() {
    const items = spec.items(cc.draft);
    if (items.length === 0) return replace(list, h('p', { class: 'cfg-empty' }, spec.empty));
    const heads = [
      ...spec.columns.map((c) => h('th', { scope: 'col' }, c.label)),
      cc.canWrite ? h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Actions')) : null,
    ];
    replace(
      list,
      h(
        'div',
        { class: 'table-wrap' },
        h(
          'table',
          { class: `cfg-table cfg-table-${spec.id}` },
          h('caption', { class: 'visually-hidden' }, spec.caption),
          h('thead', null, h('tr', null, heads)),
          h('tbody', null, items.map(row)),
        ),
      ),
    );
  }

  const add = cc.canWrite
    ? h(
        'button',
        { type: 'button', class: 'button secondary', onclick: () => open(null, /** @type {HTMLElement} */ (add)) },
        `Add a ${spec.noun}`,
      )
    : null;
  render();
  return h(
    'section',
    { class: 'cfg-section', id: spec.id, 'aria-labelledby': `${spec.id}-title` },
    h('div', { class: 'cfg-head' }, h('h2', { id: `${spec.id}-title` }, spec.title), add),
    h('p', { class: 'cfg-section-intro' }, spec.intro),
    status,
    editorSlot,
    list,
  );
}
