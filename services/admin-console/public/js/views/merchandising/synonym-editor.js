// @ts-check
// One language's synonym set: a table of its entries, edited in place and saved as a whole (PUT replaces the set).
// API errors name entries by their place in the set sent (`$.entries[3].terms[1]`); each row carries that path.
import { clearErrors, showErrors } from '../../forms.js';
import { h, replace } from '../../dom.js';
import { count } from '../../format.js';
import { actionButton, labelledInput } from './controls.js';
import { inPageWords, reworded } from './errors.js';
import { draftOf, editRow, entryOf, isBlank, readRow, wordsOf } from './synonym-row.js';

/** @typedef {import('./synonym-row.js').EntryDraft} EntryDraft */
/** @typedef {import('./types.js').SynonymEntry} SynonymEntry */
/**
 * @typedef {{
 *   element: HTMLElement, dirty: () => boolean,
 *   addEntry: (from?: string) => void,
 * }} SynonymEditor
 */

/** Sets longer than this get a box to find entries in. */
const FIND_FROM = 8;

/** @param {number} n */
const entriesWord = (n) => `${count(n)} ${n === 1 ? 'entry' : 'entries'}`;

/**
 * The API's messages about one word of an entry name it ("“x”: needs at least one letter or digit"), since the
 * admin edits each entry's words in one box.
 * @param {SynonymEntry[]} sent
 * @returns {import('./errors.js').Rewording}
 */
const rewording = (sent) => (path, message) => {
  const words = inPageWords(message);
  const at = /^\$\.entries\[(\d+)\]\.(terms|to)\[(\d+)\]$/.exec(path);
  const entry = at ? /** @type {Record<string, unknown> | undefined} */ (sent[Number(at[1])]) : undefined;
  const list = at && entry ? entry[/** @type {string} */ (at[2])] : undefined;
  const term = Array.isArray(list) ? list[Number(at?.[3])] : undefined;
  return { path, message: typeof term === 'string' && !message.includes(`"${term}"`) ? `“${term}”: ${words}` : words };
};

/**
 * @param {{
 *   api: import('../../api.js').AdminApi, siteId: number, language: string, languageName: string, canWrite: boolean,
 *   entries: SynonymEntry[], onDirty: (dirty: boolean) => void, say: (text: string, inDraft?: boolean) => void, clear: () => void,
 *   signal: AbortSignal,
 * }} o
 * @returns {SynonymEditor}
 */
export function synonymEditor(o) {
  /** @type {{ d: EntryDraft, view: import('./synonym-row.js').EditRow }[]} */
  let items = [];
  let dirty = false;
  const tbody = h('tbody');
  const empty = h('p', { class: 'empty-set' }, `No synonyms for ${o.languageName} yet.`);
  const table = h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { class: 'synonyms' },
      h('caption', { class: 'visually-hidden' }, `Synonyms for ${o.languageName}`),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', { scope: 'col' }, 'No.'),
          h('th', { scope: 'col' }, 'Kind'),
          h('th', { scope: 'col' }, 'Words'),
          o.canWrite ? h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Actions')) : null,
        ),
      ),
      tbody,
    ),
  );
  const find = labelledInput({
    label: 'Find an entry',
    type: 'search',
    hint: 'Shows the entries with a word containing this text.',
    class: 'find',
  });
  const shown = h('p', { class: 'muted find-count', 'aria-live': 'polite' });
  const findBox = h('div', { class: 'find-box' }, find.wrap, shown);
  const flag = h('span', { class: 'dirty-flag' });
  const setDirty = (/** @type {boolean} */ value) => {
    dirty = value;
    replace(flag, value ? 'Unsaved changes' : '');
    o.onDirty(value);
  };

  const filter = () => {
    const q = find.input.value.trim().toLowerCase();
    let visible = 0;
    for (const { d, view } of items) {
      view.row.hidden = q !== '' && !d.fresh && !wordsOf(d).some((w) => w.toLowerCase().includes(q));
      if (!view.row.hidden) visible += 1;
    }
    replace(shown, q === '' ? '' : `Showing ${count(visible)} of ${entriesWord(items.length)}.`);
  };
  find.input.addEventListener('input', filter);

  const renumber = () => {
    items.forEach((item, i) => {
      item.view.number(i + 1);
    });
    empty.hidden = items.length > 0;
    table.hidden = items.length === 0;
    findBox.hidden = items.length <= FIND_FROM;
  };

  /** @param {EntryDraft} d */
  const itemOf = (d) => {
    /** @type {{ d: EntryDraft, view: import('./synonym-row.js').EditRow }} */
    const item = { d, view: /** @type {never} */ (null) };
    item.view = editRow(d, { changed: () => setDirty(true), remove: () => removeItem(item) });
    return item;
  };

  /** @param {{ d: EntryDraft, view: import('./synonym-row.js').EditRow }} item */
  const removeItem = (item) => {
    const at = items.indexOf(item);
    items.splice(at, 1);
    item.view.row.remove();
    renumber();
    setDirty(true);
    o.say(`Entry ${at + 1} removed. Save the synonyms to keep the change.`, false);
    const next = items[at] ?? items[at - 1];
    if (next) next.view.focus('remove');
    else addButton.focus();
  };

  /** @param {SynonymEntry[]} entries */
  const load = (entries) => {
    const drafts = entries.map(draftOf);
    if (o.canWrite) {
      items = drafts.map(itemOf);
      replace(
        tbody,
        items.map((item) => item.view.row),
      );
    } else
      replace(
        tbody,
        drafts.map((d, i) => readRow(d, i + 1)),
      );
    if (!o.canWrite) {
      empty.hidden = drafts.length > 0;
      table.hidden = drafts.length === 0;
      findBox.hidden = true;
    } else renumber();
    find.input.value = '';
    filter();
  };

  /** @param {string} [from] a one-way entry's search, prefilled */
  const addEntry = (from) => {
    /** @type {EntryDraft} */
    const d =
      from === undefined
        ? { kind: 'same', words: '', from: '', to: '', fresh: true }
        : { kind: 'oneway', words: '', from, to: '', fresh: true };
    const item = itemOf(d);
    items.unshift(item);
    tbody.prepend(item.view.row);
    renumber();
    setDirty(true);
    item.view.focus(from === undefined ? 'words' : 'to');
  };
  const addButton = actionButton('Add an entry', 'Add an entry', () => {
    addEntry();
    o.say('Entry 1 added at the top of the list: type its words, then save.', false);
  });

  const form = h('form', { class: 'synonym-form', novalidate: true });
  const save = h('button', { type: 'submit', class: 'button primary' }, `Save ${o.languageName} synonyms`);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send();
  });
  const send = async () => {
    for (const item of items.filter((i) => isBlank(i.d))) {
      items.splice(items.indexOf(item), 1);
      item.view.row.remove();
    }
    renumber();
    find.input.value = '';
    filter();
    const entries = items.map((i) => entryOf(i.d));
    save.disabled = true;
    try {
      const answer = /** @type {{ entries: SynonymEntry[] }} */ (
        await o.api.request('PUT', `/storefront/sites/${o.siteId}/synonyms/${encodeURIComponent(o.language)}`, {
          entries,
        })
      );
      clearErrors(form);
      const hadFocus = form.contains(document.activeElement);
      load(answer.entries);
      setDirty(false);
      // Saved with Enter in a row the redraw replaced: the focus goes to the save button, beside the outcome.
      save.disabled = false;
      if (hadFocus && !form.contains(document.activeElement)) save.focus();
      o.say(`Saved the ${o.languageName} synonyms: ${entriesWord(answer.entries.length)}.`);
    } catch (err) {
      o.clear();
      showErrors(form, reworded(err, rewording(entries)));
    } finally {
      save.disabled = false;
    }
  };

  // Leaving the page (reload, close) with unsaved changes asks first; the listener goes with the page.
  window.addEventListener('beforeunload', (event) => dirty && event.preventDefault(), { signal: o.signal });
  if (o.canWrite) {
    const toolbar = h('div', { class: 'set-toolbar' }, addButton, h('span', { class: 'toolbar-end' }, flag, save));
    form.append(toolbar, findBox, empty, table);
  } else form.append(empty, table);
  load(o.entries);
  return { element: form, dirty: () => dirty, addEntry };
}
