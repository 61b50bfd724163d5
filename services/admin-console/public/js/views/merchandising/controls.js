// @ts-check
// Small controls of the merchandising forms, built so forms.js's showErrors finds them: each has an id, an error slot
// `<id>-error` announced with it (aria-describedby), and a `data-path` naming it as the API does. Paths of list items
// are set when a form is sent (`$.entries[3]`), since items move as the admin adds and removes them.
import { h } from '../../dom.js';

let next = 0;
/** An id unique on the page. @param {string} stem */
export const uid = (stem) => `merch-${stem}-${++next}`;

/** The slot showErrors fills for the control with this id. @param {string} id */
export const errorSlot = (id) => h('p', { id: `${id}-error`, class: 'field-error', hidden: true });

/**
 * A labelled input with an optional hint and its error slot; `hideLabel` keeps the label for assistive technology
 * only (a table's column header says it on screen).
 * @param {{ label: string, value?: string | number | null, hint?: string, hideLabel?: boolean, type?: string, class?: string, attrs?: Record<string, unknown> }} o
 * @returns {{ wrap: HTMLElement, input: HTMLInputElement, label: HTMLLabelElement }}
 */
export function labelledInput(o) {
  const id = uid('input');
  const hintId = o.hint ? `${id}-hint` : null;
  const input = h('input', {
    id,
    type: o.type ?? 'text',
    class: 'control',
    value: o.value === null || o.value === undefined ? null : String(o.value),
    'aria-describedby': [hintId, `${id}-error`].filter(Boolean).join(' '),
    ...o.attrs,
  });
  const label = h('label', { for: id, class: o.hideLabel ? 'visually-hidden' : null }, o.label);
  const hint = hintId ? h('p', { id: hintId, class: 'field-hint' }, o.hint) : null;
  return {
    wrap: h('div', { class: `mini-field ${o.class ?? ''}`.trim() }, label, hint, input, errorSlot(id)),
    input,
    label,
  };
}

/**
 * A group of related controls (a fieldset with its legend and hint) that API errors about the whole group land
 * beside: the fieldset carries the data-path, its error slot sits under the legend.
 * @param {{ legend: string, hint?: string, path?: string, class?: string }} o
 * @param {...import('../../dom.js').Children} children
 */
export function group(o, ...children) {
  const id = uid('group');
  const hintId = o.hint ? `${id}-hint` : null;
  return h(
    'fieldset',
    {
      id,
      class: `group ${o.class ?? ''}`.trim(),
      dataset: o.path ? { path: o.path } : undefined,
      'aria-describedby': [hintId, `${id}-error`].filter(Boolean).join(' '),
    },
    h('legend', null, o.legend),
    hintId ? h('p', { id: hintId, class: 'field-hint' }, o.hint) : null,
    errorSlot(id),
    ...children,
  );
}

/**
 * A button whose accessible name adds what it acts on to its visible text ("Remove" → "Remove entry 3").
 * @param {string} text
 * @param {string} name
 * @param {() => void} onclick
 * @param {string} [kind]
 */
export const actionButton = (text, name, onclick, kind = 'secondary') =>
  h(
    'button',
    { type: 'button', class: `button ${kind} small`, 'aria-label': name === text ? null : name, onclick },
    text,
  );

/** A comma-separated list as its items, trimmed, empty ones left out. @param {string} text */
export const splitList = (text) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** Items as the comma-separated text the admin edits. @param {string[]} items */
export const joinList = (items) => items.join(', ');
