// @ts-check
// A query rule's form: which searches it changes, and what it does to them. Creates (POST) or replaces (PUT) the rule;
// the API's errors land beside the fields they name.
import { h } from '../../dom.js';
import { clearErrors, showErrors } from '../../forms.js';
import { group, uid } from './controls.js';
import { inPageWords, reworded } from './errors.js';
import { filterEditor, filterNote } from './filter-editor.js';
import { productList } from './product-list.js';
import { redirectField } from './redirect-field.js';
import { ruleScope } from './rule-scope.js';

/** @typedef {import('./types.js').QueryRule} QueryRule */
/** @typedef {import('./types.js').QueryRuleBody} QueryRuleBody */

/** @type {QueryRuleBody} */
const NEW_RULE = {
  query: '',
  match: 'exact',
  markets: [],
  activeFrom: null,
  activeUntil: null,
  target: null,
  pin: [],
  hide: [],
  boost: null,
  bury: null,
  filter: null,
};

/**
 * Where the page shows what the API names: a rule that does nothing (named by its query) beside what the rule does,
 * and a redirect clash, which the API names on whichever of the two rules comes later, beside this rule's words.
 * @type {import('./errors.js').Rewording}
 */
function rewording(path, message) {
  if (/^the rule does nothing/.test(message)) return { path: '$.actions', message: inPageWords(message) };
  if (/^queryRules\[\d+\]\.query$/.test(path) && /^another rule has this query/.test(message))
    return { path: '$.query', message: inPageWords(message) };
  return { path, message: inPageWords(message) };
}

/**
 * @param {{
 *   ctx: import('../site-page.js').SitePageContext, draft: import('./types.js').Merchandising,
 *   rule: QueryRule | null, query?: string, done: (saved: { id: number, query: string } | null) => void,
 * }} o `rule` null: a new rule (its words `query`, from the analytics page's shortcut)
 * @returns {{ element: HTMLElement, focus: () => void }}
 */
export function ruleForm(o) {
  const { api, signal, site } = o.ctx;
  const rule = o.rule ?? { ...NEW_RULE, query: o.query ?? '' };
  const scope = ruleScope(rule, o.draft.markets);
  const pins = productList({ kind: 'pin', api, siteId: site.siteId, signal, pins: rule.pin });
  const hides = productList({ kind: 'hide', api, siteId: site.siteId, signal, ids: rule.hide });
  const boost = filterEditor({
    legend: 'Show first',
    hint: 'Products matching these come first (when the shopper keeps the default sort).',
    path: '$.boost',
    value: rule.boost,
    draft: o.draft,
  });
  const bury = filterEditor({
    legend: 'Show last',
    hint: 'Products matching these come last (when the shopper keeps the default sort).',
    path: '$.bury',
    value: rule.bury,
    draft: o.draft,
  });
  const filter = filterEditor({
    legend: 'Filter',
    hint: 'Applied as if the shopper had chosen it; the shopper can change or clear it.',
    path: '$.filter',
    value: rule.filter,
    draft: o.draft,
  });
  const target = redirectField(rule.target, o.draft);
  const actions = group(
    { legend: 'What it does', hint: 'Give the rule at least one of these.', path: '$.actions', class: 'rule-part' },
    h('div', { class: 'product-groups' }, pins.element, hides.element),
    filterNote(o.draft),
    boost.element,
    bury.element,
    filter.element,
    target.element,
  );
  const headingId = uid('rule-title');
  const heading = h(
    'h3',
    { id: headingId, tabindex: '-1' },
    o.rule ? `Edit the rule for “${o.rule.query}”` : 'New query rule',
  );
  const submit = h('button', { type: 'submit', class: 'button primary' }, o.rule ? 'Save the rule' : 'Create the rule');
  const cancel = h('button', { type: 'button', class: 'button secondary', onclick: () => o.done(null) }, 'Cancel');
  const form = h(
    'form',
    { class: 'rule-form', novalidate: true, 'aria-labelledby': headingId },
    scope.element,
    actions,
    h('div', { class: 'form-actions' }, submit, cancel),
  );

  /** @returns {QueryRuleBody} */
  const body = () => {
    for (const part of [pins, hides, boost, bury, filter]) part.number();
    return {
      ...scope.value(),
      target: target.value(),
      pin: /** @type {never} */ (pins.pins()),
      hide: hides.ids(),
      boost: boost.value(),
      bury: bury.value(),
      filter: filter.value(),
    };
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const sent = body();
    submit.disabled = true;
    const save = o.rule
      ? api
          .request('PUT', `/storefront/sites/${site.siteId}/query-rules/${o.rule.id}`, sent)
          .then(() => /** @type {number} */ (o.rule?.id))
      : api
          .request('POST', `/storefront/sites/${site.siteId}/query-rules`, sent)
          .then((answer) => /** @type {{ ruleId: number }} */ (answer).ruleId);
    save
      .then((id) => {
        clearErrors(form);
        o.done({ id, query: sent.query.trim() });
      })
      .catch((err) => showErrors(form, reworded(err, rewording)))
      .finally(() => (submit.disabled = false));
  });
  const element = h('div', { class: 'rule-editor' }, heading, form);
  return { element, focus: () => (o.rule ? heading.focus() : scope.focus()) };
}
