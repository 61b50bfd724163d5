// @ts-check
// One synonym entry as a table row: editable (its kind, its words, a remove button) or read-only (the words as text).
import { h, replace } from '../../dom.js';
import { actionButton, joinList, labelledInput, splitList, uid } from './controls.js';

/**
 * An entry as the admin edits it: lists as comma-separated text, so what was typed stays as typed until saved.
 * @typedef {{ kind: 'same' | 'oneway', words: string, from: string, to: string, fresh: boolean }} EntryDraft
 */

export const KIND_LABELS = { same: 'Same meaning', oneway: 'One way' };

/** @param {import('./types.js').SynonymEntry} entry @returns {EntryDraft} */
export const draftOf = (entry) =>
  'terms' in entry
    ? { kind: 'same', words: joinList(entry.terms), from: '', to: '', fresh: false }
    : { kind: 'oneway', words: '', from: entry.from, to: joinList(entry.to), fresh: false };

/** @param {EntryDraft} d @returns {import('./types.js').SynonymEntry} */
export const entryOf = (d) =>
  d.kind === 'same' ? { terms: splitList(d.words) } : { from: d.from.trim(), to: splitList(d.to) };

/** An entry the admin added and left empty: dropped on save rather than refused. @param {EntryDraft} d */
export const isBlank = (d) => (d.kind === 'same' ? d.words.trim() === '' : d.from.trim() === '' && d.to.trim() === '');

/** The words of an entry in order, as one list (for finding entries). @param {EntryDraft} d */
export const wordsOf = (d) => (d.kind === 'same' ? splitList(d.words) : [d.from.trim(), ...splitList(d.to)]);

/**
 * Changes an entry's kind keeping its words: the first word becomes what a one-way search is for.
 * @param {EntryDraft} d
 * @param {'same' | 'oneway'} kind
 */
export function switchKind(d, kind) {
  if (kind === d.kind) return;
  const words = wordsOf(d).filter((w) => w !== '');
  if (kind === 'oneway') Object.assign(d, { kind, from: words[0] ?? '', to: joinList(words.slice(1)), words: '' });
  else Object.assign(d, { kind, words: joinList(words), from: '', to: '' });
}

/** @param {string} text */
const chip = (text) => h('span', { class: 'term' }, text);

/** An entry's words as the read-only view shows them. @param {EntryDraft} d */
export function wordsView(d) {
  if (d.kind === 'same') return h('span', { class: 'terms' }, splitList(d.words).map(chip));
  return h(
    'span',
    { class: 'terms' },
    chip(d.from),
    h('span', { class: 'arrow', 'aria-hidden': 'true' }, '→'),
    h('span', { class: 'visually-hidden' }, ' also finds '),
    splitList(d.to).map(chip),
  );
}

/**
 * A read-only row.
 * @param {EntryDraft} d
 * @param {number} n the entry's number, from 1
 */
export const readRow = (d, n) =>
  h(
    'tr',
    null,
    h('th', { scope: 'row', class: 'entry-number' }, String(n)),
    h('td', { 'data-label': 'Kind' }, KIND_LABELS[d.kind]),
    h('td', { 'data-label': 'Words' }, wordsView(d)),
  );

/**
 * @typedef {{ row: HTMLTableRowElement, number: (n: number) => void, focus: (part?: 'kind' | 'words' | 'to' | 'remove') => void }} EditRow
 */

/**
 * An editable row. `number(n)` renames it (labels, the API path its errors come back under) when entries move.
 * @param {EntryDraft} d
 * @param {{ changed: () => void, remove: () => void }} on
 * @returns {EditRow}
 */
export function editRow(d, on) {
  const row = h('tr', { class: d.fresh ? 'is-new' : null });
  const numberCell = h('th', { scope: 'row', class: 'entry-number' });
  const kindId = uid('kind');
  const kind = h(
    'select',
    { id: kindId, class: 'control' },
    Object.entries(KIND_LABELS).map(([value, label]) => h('option', { value, selected: d.kind === value }, label)),
  );
  const kindLabel = h('label', { for: kindId, class: 'visually-hidden' });
  const wordsCell = h('td', { 'data-label': 'Words', class: 'words-cell' });
  /** @type {(n: number) => void} */
  let numberWords = () => {};
  /** @type {Record<string, HTMLElement>} */
  let parts = {};
  const drawWords = () => {
    const built = d.kind === 'same' ? sameWords(d, on.changed) : oneWayWords(d, on.changed);
    replace(wordsCell, built.element);
    numberWords = built.number;
    parts = built.parts;
  };
  drawWords();
  const remove = actionButton('Remove', 'Remove', on.remove);
  let current = 0;
  kind.addEventListener('change', () => {
    switchKind(d, /** @type {'same' | 'oneway'} */ (kind.value));
    drawWords();
    numberWords(current);
    on.changed();
  });
  row.append(
    numberCell,
    h('td', { 'data-label': 'Kind' }, kindLabel, kind),
    wordsCell,
    h('td', { class: 'row-actions' }, remove),
  );
  const number = (/** @type {number} */ n) => {
    current = n;
    replace(numberCell, String(n));
    replace(kindLabel, `Entry ${n}: kind`);
    remove.setAttribute('aria-label', `Remove entry ${n}`);
    numberWords(n);
  };
  const focus = (/** @type {string} */ part = 'words') =>
    (part === 'kind' ? kind : part === 'remove' ? remove : (parts[part] ?? parts.words))?.focus();
  return { row, number, focus };
}

/**
 * An equivalent entry's words: one list; every error of the entry lands under it.
 * @param {EntryDraft} d
 * @param {() => void} changed
 */
function sameWords(d, changed) {
  const words = labelledInput({ label: '', value: d.words, hideLabel: true, class: 'wide' });
  words.input.addEventListener('input', () => {
    d.words = words.input.value;
    changed();
  });
  const number = (/** @type {number} */ n) => {
    replace(words.label, `Entry ${n}: words and phrases with the same meaning, separated by commas`);
    words.input.dataset.path = `$.entries[${n - 1}]`;
  };
  return { element: words.wrap, number, parts: { words: words.input } };
}

/**
 * A one-way entry: what is searched for, and what it also finds (the entry's other errors land under the latter).
 * @param {EntryDraft} d
 * @param {() => void} changed
 */
function oneWayWords(d, changed) {
  const from = labelledInput({ label: '', value: d.from, class: 'from inline' });
  const to = labelledInput({
    label: '',
    value: d.to,
    class: 'to inline',
    attrs: { placeholder: 'words, separated by commas' },
  });
  from.input.addEventListener('input', () => {
    d.from = from.input.value;
    changed();
  });
  to.input.addEventListener('input', () => {
    d.to = to.input.value;
    changed();
  });
  const number = (/** @type {number} */ n) => {
    replace(from.label, 'Search for', h('span', { class: 'visually-hidden' }, ` (entry ${n})`));
    replace(to.label, 'also finds', h('span', { class: 'visually-hidden' }, ` (entry ${n}), separated by commas`));
    from.input.dataset.path = `$.entries[${n - 1}].from`;
    to.input.dataset.path = `$.entries[${n - 1}]`;
  };
  const element = h('div', { class: 'one-way' }, from.wrap, to.wrap);
  return { element, number, parts: { words: from.input, to: to.input } };
}
