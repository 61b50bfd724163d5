// @ts-check
// Publishing the draft with a note, and what the answer means: the new version, the full index run every publish
// queues (followed here until it ends), and where to watch it.
import { ApiError } from '../../api.js';
import { h, replace } from '../../dom.js';
import { field } from '../../forms.js';
import { sitePath } from '../../router.js';
import { runLine, watchRun } from './run-watch.js';

/** @typedef {{ siteId: number, version: number, first: boolean }} Published */

const NOTE_MAX = 1000;

/**
 * Shows why nothing was published: a note problem beside the note field, a rule the draft breaks (the API validates
 * the whole draft again) or any other failure in an alert above the field, which takes the focus so it is heard.
 * @param {HTMLFormElement} form
 * @param {HTMLInputElement} input the note
 * @param {unknown} err
 */
function showRefusal(form, input, err) {
  const fields = err instanceof ApiError ? err.fields : {};
  const noteErrors = fields['$.note'] ?? [];
  const error = document.getElementById(`${input.id}-error`);
  if (noteErrors.length > 0 && error) {
    input.setAttribute('aria-invalid', 'true');
    error.hidden = false;
    replace(
      error,
      noteErrors.map((m) => h('span', null, m)),
    );
    return input.focus();
  }
  const rules = Object.entries(fields).flatMap(([path, messages]) =>
    messages.map((m) => `${path.replace(/^\$\.?/, '') || 'draft'}: ${m}`),
  );
  const alert =
    rules.length > 0
      ? h(
          'div',
          { class: 'form-errors', role: 'alert', tabindex: '-1' },
          h(
            'p',
            null,
            'Nothing was published: the draft breaks these rules. Correct them on the Configuration or ' +
              'Merchandising tab, then publish again.',
          ),
          h(
            'ul',
            null,
            rules.map((r) => h('li', null, r)),
          ),
        )
      : h(
          'div',
          { class: 'form-errors', role: 'alert', tabindex: '-1' },
          h('p', null, `Nothing was published: ${err instanceof Error ? err.message : 'something went wrong.'}`),
        );
  form.prepend(alert);
  alert.focus();
}

/** @param {HTMLFormElement} form @param {HTMLInputElement} input */
function clearRefusal(form, input) {
  form.querySelector('.form-errors')?.remove();
  input.removeAttribute('aria-invalid');
  const error = document.getElementById(`${input.id}-error`);
  if (error) {
    error.hidden = true;
    error.replaceChildren();
  }
}

/**
 * The note form. The API needs a `note` (400 naming `$.note` without one) but takes an empty one; the console asks
 * for words, since the note is what the version history says about this version.
 * @param {{ api: import('../../api.js').AdminApi, siteId: number, nextVersion: number, onPublished: (p: Published, note: string) => void }} o
 */
export function publishForm({ api, siteId, nextVersion, onPublished }) {
  const note = field({
    path: '$.note',
    label: 'Note for the version history',
    required: true,
    hint: `What changed and why, in a sentence (up to ${NOTE_MAX} characters).`,
    attrs: { maxlength: NOTE_MAX, autocomplete: 'off' },
  });
  const submit = h('button', { type: 'submit', class: 'button primary' }, `Publish version ${nextVersion}`);
  const form = h(
    'form',
    { class: 'panel publish-form', novalidate: true, 'aria-label': 'Publish the draft' },
    note,
    h('div', { class: 'form-actions' }, submit),
  );
  const input = /** @type {HTMLInputElement} */ (note.querySelector('.control'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearRefusal(form, input);
    const text = input.value.trim();
    if (text === '')
      return showRefusal(
        form,
        input,
        new ApiError(400, {
          errors: { '$.note': ['Write a note: it is how the version history tells this version apart.'] },
        }),
      );
    submit.setAttribute('disabled', '');
    api
      .request('POST', `/storefront/sites/${siteId}/publish`, { note: text })
      .then((published) => onPublished(/** @type {Published} */ (published), text))
      .catch((err) => showRefusal(form, input, err))
      .finally(() => submit.removeAttribute('disabled'));
  });
  return form;
}

/**
 * What a publish did, kept on the page until the next one: the version is live, the storefront follows within a
 * second, and the full run that rebuilds the index (its progress, and a link to the Index runs tab).
 * @param {{ api: import('../../api.js').AdminApi, signal: AbortSignal, published: Published, note: string, keysLive: number }} o
 */
export function publishedPanel({ api, signal, published, note, keysLive }) {
  const { siteId, version, first } = published;
  const line = runLine();
  void watchRun({ api, siteId, version, signal }, line);
  const keys =
    keysLive > 0 ? ` ${keysLive === 1 ? 'The new key works' : `The ${keysLive} new keys work`} from now on.` : '';
  const panel = h(
    'section',
    {
      class: 'published-panel',
      'aria-labelledby': 'published-title',
      tabindex: '-1',
      dataset: { version: String(version) },
    },
    h('h3', { id: 'published-title' }, `Version ${version} is published`),
    h('p', { class: 'published-note' }, 'Note: ', h('q', null, note)),
    h('p', null, `The storefront serves version ${version} within about a second.${keys}`),
    h(
      'p',
      null,
      first
        ? "This first publish queued the first full index run, which builds the site's index:"
        : 'Every publish queues a full index run, which rebuilds the index with this version:',
    ),
    line,
    h('p', null, h('a', { href: sitePath(siteId, 'runs'), class: 'runs-link' }, 'Watch it on the Index runs tab')),
  );
  return panel;
}
