// @ts-check
// Form fields with their labels, hints and errors, and the admin API's validation errors put beside the fields
// they name. A control's `data-path` is the JSON path the API names it by (`$.label`, `$.values`).
import { ApiError } from './api.js';
import { h, replace } from './dom.js';

let nextId = 0;
/** @param {string} stem */
const uniqueId = (stem) => `${stem}-${++nextId}`;

/**
 * @typedef {{
 *   path: string, label: string, value?: string | number | boolean | null, hint?: string, required?: boolean,
 *   type?: string, options?: { value: string, label: string }[], multiline?: boolean, attrs?: Record<string, unknown>,
 * }} FieldOptions
 */

/**
 * A labelled control with an optional hint and a place for its errors (announced with the field when it has focus).
 * `options` make a select, `multiline` a textarea, `type: 'checkbox'` a checkbox; otherwise an input of `type`.
 * @param {FieldOptions} o
 * @returns {HTMLElement} the field's wrapper; its control has the class `control`
 */
export function field(o) {
  const id = uniqueId('field');
  const hintId = o.hint ? `${id}-hint` : null;
  const errorId = `${id}-error`;
  const common = {
    id,
    name: o.path,
    class: 'control',
    dataset: { path: o.path },
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' '),
    required: o.required,
    ...o.attrs,
  };
  /** @type {HTMLElement} */
  let control;
  if (o.options) {
    control = h(
      'select',
      common,
      o.options.map((opt) =>
        h('option', { value: opt.value, selected: String(o.value ?? '') === opt.value }, opt.label),
      ),
    );
  } else if (o.multiline) {
    control = h('textarea', { ...common, rows: 4 }, String(o.value ?? ''));
  } else if (o.type === 'checkbox') {
    control = h('input', { ...common, type: 'checkbox', checked: o.value === true });
  } else {
    control = h('input', {
      ...common,
      type: o.type ?? 'text',
      value: o.value === null || o.value === undefined ? null : String(o.value),
    });
  }
  const label = h(
    'label',
    { for: id },
    o.label,
    o.required ? h('span', { class: 'required', 'aria-hidden': 'true' }, ' *') : null,
  );
  const hint = hintId ? h('p', { id: hintId, class: 'field-hint' }, o.hint) : null;
  const error = h('p', { id: errorId, class: 'field-error', hidden: true });
  const kind = o.type === 'checkbox' ? 'field field-check' : 'field';
  return o.type === 'checkbox'
    ? h('div', { class: kind }, control, label, hint, error)
    : h('div', { class: kind }, label, hint, control, error);
}

/** @param {ParentNode} form */
const controlsOf = (form) => /** @type {HTMLElement[]} */ ([...form.querySelectorAll('[data-path]')]);

/**
 * The control an API path names: the same path, or the nearest one above it (`$.values[2].label` falls to
 * `$.values` when the form edits the values as one field).
 * @param {HTMLElement[]} controls
 * @param {string} path
 */
function controlFor(controls, path) {
  for (let p = path; ; ) {
    const found = controls.find((c) => c.dataset.path === p);
    if (found) return found;
    const parent = p.replace(/(\.[^.[\]]+|\[\d+\])$/, '');
    if (parent === p || parent === '$' || parent === '') return undefined;
    p = parent;
  }
}

/** Takes every error off the form. @param {HTMLElement} form */
export function clearErrors(form) {
  for (const control of controlsOf(form)) {
    control.removeAttribute('aria-invalid');
    const error = document.getElementById(`${control.id}-error`);
    if (error) {
      error.hidden = true;
      error.replaceChildren();
    }
  }
  form.querySelector('.form-errors')?.remove();
}

/**
 * Shows a failed save on the form: each field's messages beside it (and the field marked invalid), anything no
 * field of this form owns in a summary at the top; focus goes to the summary, so every error is heard at once.
 * @param {HTMLElement} form
 * @param {unknown} err what the save threw (an ApiError with `fields`, or anything else)
 */
export function showErrors(form, err) {
  clearErrors(form);
  const controls = controlsOf(form);
  const fields = err instanceof ApiError ? err.fields : {};
  /** @type {string[]} */
  const unplaced = [];
  for (const [path, messages] of Object.entries(fields)) {
    const control = controlFor(controls, path);
    const error = control && document.getElementById(`${control.id}-error`);
    if (!control || !error) {
      unplaced.push(...messages.map((m) => (path === '$' ? m : `${path.replace(/^\$\.?/, '')}: ${m}`)));
      continue;
    }
    control.setAttribute('aria-invalid', 'true');
    error.hidden = false;
    error.append(...messages.map((m) => h('span', null, m)));
  }
  const heading =
    Object.keys(fields).length > 0
      ? 'The changes were not saved. Correct the fields marked below.'
      : `The changes were not saved: ${err instanceof Error ? err.message : 'something went wrong.'}`;
  const summary = h(
    'div',
    { class: 'form-errors', role: 'alert', tabindex: '-1' },
    h('p', null, heading),
    unplaced.length > 0
      ? h(
          'ul',
          null,
          unplaced.map((m) => h('li', null, m)),
        )
      : null,
  );
  form.prepend(summary);
  summary.focus();
}

/**
 * Runs `save` from a form's submit: the submit button is disabled meanwhile, errors are shown beside their fields,
 * and `done` gets the answer on success.
 * @template T
 * @param {HTMLFormElement} form
 * @param {() => Promise<T>} save
 * @param {(answer: T) => void} done
 */
export function onSubmit(form, save, done) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const submit = form.querySelector('button[type="submit"]');
    submit?.setAttribute('disabled', '');
    save()
      .then((answer) => {
        clearErrors(form);
        done(answer);
      })
      .catch((err) => showErrors(form, err))
      .finally(() => submit?.removeAttribute('disabled'));
  });
}

/**
 * A status line for a page region: `say` replaces its text and is announced politely.
 * @returns {{ element: HTMLElement, say: (text: string) => void }}
 */
export function statusLine() {
  const element = h('p', { class: 'status-line', role: 'status' });
  return { element, say: (text) => replace(element, text) };
}
