// @ts-check
// The site's own fields: name, code, whether it is switched on, the business system's site, development origins,
// the assortment and the URL patterns. PUT replaces them all, so the save sends every field the draft had, edited.
import { h, replace } from '../../dom.js';
import { field, onSubmit } from '../../forms.js';
import { changeStatus, checkedAt, clearStatus, quoted, sayInDraft, sayProblem, valueAt } from './context.js';
import { numberOrText, readList } from './text-values.js';

/**
 * @typedef {{
 *   code: string, name: string, ecomSiteId: number, active: boolean, devOrigins: string[],
 *   assortment: { categoryRootIds: number[], excludeInactive: boolean }, urlPatterns: { product: string, collection: string },
 * }} SiteFields
 */

/** @param {import('./context.js').ConfigContext} cc */
const siteOf = (cc) => /** @type {SiteFields} */ (/** @type {unknown} */ (cc.draft.site));

/** @param {string[]} values @param {string} none */
const listOrNone = (values, none) =>
  values.length === 0
    ? h('span', { class: 'muted' }, none)
    : h(
        'ul',
        { class: 'cfg-list' },
        values.map((v) => h('li', null, v)),
      );

/** @param {SiteFields} s */
function settingsList(s) {
  /** @type {[string, import('../../dom.js').Children][]} */
  const rows = [
    ['Name', s.name],
    ['Code', h('code', null, s.code)],
    ['Status', s.active ? 'Switched on' : h('span', { class: 'badge badge-off' }, 'Switched off')],
    ['Business system site', String(s.ecomSiteId)],
    ['Category roots', listOrNone((s.assortment?.categoryRootIds ?? []).map(String), 'The whole catalogue')],
    ['Inactive products', s.assortment?.excludeInactive === false ? 'Included' : 'Left out'],
    ['Product address', h('code', null, s.urlPatterns?.product ?? '')],
    ['Collection address', h('code', null, s.urlPatterns?.collection ?? '')],
    ['Development origins', listOrNone(s.devOrigins ?? [], 'None')],
  ];
  return h(
    'dl',
    { class: 'cfg-settings-list' },
    rows.map(([term, value]) => h('div', null, h('dt', null, term), h('dd', null, value))),
  );
}

/** @param {SiteFields} s */
const settingsFields = (s) => [
  h(
    'div',
    { class: 'cfg-row' },
    field({
      path: '$.name',
      label: 'Name',
      value: s.name,
      required: true,
      hint: 'How the console and the storefront name the site.',
    }),
    field({
      path: '$.code',
      label: 'Code',
      value: s.code,
      required: true,
      hint:
        'Lowercase letters, digits and hyphens. It names the search index: a new code builds a new index at ' +
        'the next run.',
      attrs: { autocomplete: 'off', spellcheck: 'false' },
    }),
    field({
      path: '$.ecomSiteId',
      label: 'Business system site id',
      type: 'number',
      value: s.ecomSiteId,
      required: true,
      attrs: { min: 1, step: 1 },
    }),
  ),
  field({
    path: '$.active',
    label: 'Switched on',
    type: 'checkbox',
    value: s.active !== false,
    hint: 'A switched-off site answers every storefront request with SITE_INACTIVE.',
  }),
  h(
    'div',
    { class: 'cfg-row' },
    field({
      path: '$.assortment.categoryRootIds',
      label: 'Category roots',
      value: (s.assortment?.categoryRootIds ?? []).join(', '),
      hint: 'Category ids whose products the site sells, separated by commas; empty: the whole catalogue.',
    }),
    field({
      path: '$.urlPatterns.product',
      label: 'Product address',
      value: s.urlPatterns?.product,
      hint: 'A path with {slug}, such as /p/{slug}.',
      attrs: { spellcheck: 'false' },
    }),
    field({
      path: '$.urlPatterns.collection',
      label: 'Collection address',
      value: s.urlPatterns?.collection,
      hint: 'A path with {path}, such as /k/{path}.',
      attrs: { spellcheck: 'false' },
    }),
  ),
  field({
    path: '$.assortment.excludeInactive',
    label: 'Leave out inactive products',
    type: 'checkbox',
    value: s.assortment?.excludeInactive !== false,
  }),
  field({
    path: '$.devOrigins',
    label: 'Development origins',
    multiline: true,
    value: (s.devOrigins ?? []).join('\n'),
    hint:
      "Browser origins besides the markets' shop addresses that may call the storefront API, such as " +
      'http://localhost:5173 while developing. One a line.',
    attrs: { spellcheck: 'false' },
  }),
];

/**
 * Every field the draft had (fields this form does not know included), with the form's values over them.
 * @param {HTMLFormElement} form
 * @param {SiteFields} s
 */
const siteBody = (form, s) => ({
  ...s,
  name: valueAt(form, '$.name').trim(),
  code: valueAt(form, '$.code').trim(),
  ecomSiteId: numberOrText(valueAt(form, '$.ecomSiteId')),
  active: checkedAt(form, '$.active'),
  devOrigins: readList(valueAt(form, '$.devOrigins')),
  assortment: {
    ...s.assortment,
    categoryRootIds: readList(valueAt(form, '$.assortment.categoryRootIds')).map(numberOrText),
    excludeInactive: checkedAt(form, '$.assortment.excludeInactive'),
  },
  urlPatterns: {
    ...s.urlPatterns,
    product: valueAt(form, '$.urlPatterns.product').trim(),
    collection: valueAt(form, '$.urlPatterns.collection').trim(),
  },
});

/**
 * The site's heading and the window's title (drawn by the site page) follow a rename, as a reload would.
 * @param {SiteFields} s
 */
function followRename(s) {
  const title = document.querySelector('.page-head h1');
  const text = title?.firstChild;
  if (text?.nodeType === Node.TEXT_NODE) text.textContent = s.name;
  const code = title?.querySelector('.heading-code');
  if (code) code.textContent = s.code;
  document.title = document.title.replace(/ · .* · Aisle admin$/, ` · ${s.name} · Aisle admin`);
}

/** @param {import('./context.js').ConfigContext} cc */
export function siteSettingsSection(cc) {
  const status = changeStatus();
  const body = h('div', { class: 'cfg-settings' });
  // A read-only token gets no edit button at all (not a disabled one: the page says why above).
  const edit = cc.canWrite
    ? h('button', { type: 'button', class: 'button secondary', onclick: () => openForm() }, 'Edit site settings')
    : null;

  const showList = () => {
    replace(body, h('div', { class: 'panel' }, settingsList(siteOf(cc))));
    if (edit) edit.hidden = false;
  };

  function openForm() {
    clearStatus(status);
    const s = siteOf(cc);
    const backToList = () => {
      showList();
      edit?.focus();
    };
    const cancel = h('button', { type: 'button', class: 'button secondary', onclick: backToList }, 'Cancel');
    const title = h('h3', { id: 'site-editor-title', tabindex: '-1' }, 'Edit site settings');
    const form = h(
      'form',
      { class: 'cfg-form', novalidate: true, 'aria-labelledby': 'site-editor-title' },
      settingsFields(s),
      h(
        'div',
        { class: 'form-actions' },
        h('button', { type: 'submit', class: 'button primary' }, 'Save to draft'),
        cancel,
      ),
    );
    onSubmit(
      form,
      () => cc.api.request('PUT', cc.base, siteBody(form, s), cc.signal),
      () => void afterSave(),
    );
    form.addEventListener('keydown', (event) => event.key === 'Escape' && cancel.click());
    if (edit) edit.hidden = true;
    replace(body, h('div', { class: 'cfg-editor panel' }, title, form));
    title.focus();
  }

  async function afterSave() {
    try {
      await cc.reload();
      showList();
      followRename(siteOf(cc));
      sayInDraft(status, cc, `The settings of ${quoted(siteOf(cc).name)} are saved in the draft.`);
    } catch (err) {
      showList();
      if (!cc.signal.aborted)
        sayProblem(
          status,
          `The settings are saved in the draft, but could not be read again: ` +
            `${err instanceof Error ? err.message : String(err)} Reload the page to see them.`,
        );
    }
  }

  showList();
  return h(
    'section',
    { class: 'cfg-section', id: 'site-settings', 'aria-labelledby': 'site-settings-title' },
    h('div', { class: 'cfg-head' }, h('h2', { id: 'site-settings-title' }, 'Site settings'), edit),
    status,
    body,
  );
}
