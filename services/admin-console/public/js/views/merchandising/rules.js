// @ts-check
// The query rules section: the draft's rules in a table (in the order they act), a form to add or edit one, and
// removal after a second click.
import { h, replace } from '../../dom.js';
import { actionButton } from './controls.js';
import { merchandisingOf } from './types.js';
import { ruleForm } from './rule-form.js';
import { actionLines, marketWords, MATCH_LABELS } from './rule-words.js';
import { learnDraftProducts } from './product-names.js';
import { saveStatus } from './saved-note.js';
import { windowOf } from './time.js';

/** @typedef {import('./types.js').QueryRule} QueryRule */
/** @typedef {import('./types.js').Merchandising} Merchandising */

const STATE_LABELS = { always: null, active: 'Active now', later: 'Not started', ended: 'Ended' };

/** @param {QueryRule} rule */
function whenCell(rule) {
  const { text, state } = windowOf(rule);
  const label = STATE_LABELS[state];
  return h(
    'td',
    { 'data-label': 'When' },
    text,
    label ? [' ', h('span', { class: `badge rule-${state}` }, label)] : null,
  );
}

/**
 * @param {import('../site-page.js').SitePageContext} ctx
 * @param {Merchandising} initial
 * @param {{ query: string } | null} shortcut a new rule to open, from the analytics page
 * @returns {{ element: HTMLElement, start: () => void }}
 */
export function rulesSection(ctx, initial, shortcut) {
  const siteId = ctx.site.siteId;
  let draft = initial;
  const status = saveStatus(siteId);
  const formHost = h('div', { class: 'rule-form-host' });
  const listHost = h('div', { class: 'rules-list' });
  const add = h(
    'button',
    { type: 'button', class: 'button primary', onclick: () => openForm(null) },
    'Add a query rule',
  );

  /** @param {QueryRule | null} rule @param {string} [query] */
  const openForm = (rule, query) => {
    status.clear();
    const form = ruleForm({ ctx, draft, rule, query, done: (saved) => void closed(saved, rule) });
    replace(formHost, form.element);
    add.hidden = true;
    form.focus();
  };

  /** @param {{ id: number, query: string } | null} saved @param {QueryRule | null} rule */
  const closed = async (saved, rule) => {
    replace(formHost);
    add.hidden = false;
    if (saved === null) return (rule ? editButton(rule.id) : add)?.focus();
    await reload();
    status.say(`${rule ? 'Saved' : 'Created'} the rule for “${saved.query}”.`);
    editButton(saved.id)?.focus();
  };

  /** @param {number} id */
  const editButton = (id) =>
    /** @type {HTMLElement | null} */ (listHost.querySelector(`tr[data-rule-id="${id}"] .edit-rule`));

  const reload = async () => {
    try {
      const site = /** @type {import('../../types.js').SiteDetail} */ (
        await ctx.api.get(`/storefront/sites/${siteId}`, ctx.signal)
      );
      draft = merchandisingOf(site.draft);
      await learnDraftProducts(ctx.api, siteId, ctx.signal);
    } catch (err) {
      if (!ctx.signal.aborted)
        status.say(`The rules could not be reloaded: ${err instanceof Error ? err.message : String(err)}`, false);
    }
    drawList();
  };

  /** @param {QueryRule} rule @param {HTMLElement} cell */
  const confirmRemoval = (rule, cell) => {
    const keep = actionButton('Keep', `Keep the rule for ${rule.query}`, () => {
      drawActions(rule, cell);
      /** @type {HTMLElement | null} */ (cell.querySelector('.remove-rule'))?.focus();
    });
    const remove = actionButton(
      'Remove',
      `Remove the rule for ${rule.query} now`,
      () => void removeRule(rule),
      'danger',
    );
    replace(cell, h('span', { class: 'confirm-text' }, 'Remove this rule?'), remove, keep);
    keep.focus();
  };

  /** @param {QueryRule} rule */
  const removeRule = async (rule) => {
    try {
      await ctx.api.request('DELETE', `/storefront/sites/${siteId}/query-rules/${rule.id}`);
      await reload();
      status.say(`Removed the rule for “${rule.query}”.`);
      add.focus();
    } catch (err) {
      status.say(
        `The rule for “${rule.query}” was not removed: ${err instanceof Error ? err.message : String(err)}`,
        false,
      );
    }
  };

  /** @param {QueryRule} rule @param {HTMLElement} cell */
  const drawActions = (rule, cell) => {
    const edit = actionButton('Edit', `Edit the rule for ${rule.query}`, () => openForm(rule));
    edit.classList.add('edit-rule');
    const remove = actionButton('Remove', `Remove the rule for ${rule.query}`, () => confirmRemoval(rule, cell));
    remove.classList.add('remove-rule');
    replace(cell, edit, remove);
  };

  /** @param {QueryRule} rule */
  const ruleRow = (rule) => {
    const actions = h('td', { class: 'row-actions' });
    if (ctx.canWrite) drawActions(rule, actions);
    return h(
      'tr',
      { dataset: { ruleId: String(rule.id) } },
      h(
        'th',
        { scope: 'row', 'data-label': 'Search' },
        h('span', { class: 'rule-query' }, rule.query),
        ' ',
        h('span', { class: 'muted rule-match' }, MATCH_LABELS[rule.match]),
      ),
      h('td', { 'data-label': 'Markets' }, marketWords(rule)),
      whenCell(rule),
      h(
        'td',
        { 'data-label': 'What it does' },
        h(
          'ul',
          { class: 'rule-actions' },
          actionLines(rule, draft).map((line) => h('li', null, line)),
        ),
      ),
      ctx.canWrite ? actions : null,
    );
  };

  const drawList = () => {
    // A redraw keeps the focus on the same rule's button (the products' names arrive after the first draw).
    const active =
      document.activeElement instanceof HTMLElement && listHost.contains(document.activeElement)
        ? document.activeElement
        : null;
    const ruleId = active?.closest('tr')?.dataset.ruleId;
    const which = active?.classList.contains('remove-rule') ? '.remove-rule' : '.edit-rule';
    drawTable();
    if (ruleId)
      /** @type {HTMLElement | null} */ (listHost.querySelector(`tr[data-rule-id="${ruleId}"] ${which}`))?.focus();
  };

  const drawTable = () => {
    if (draft.queryRules.length === 0) return replace(listHost, h('p', { class: 'empty-set' }, 'No query rules yet.'));
    const columns = ['Search', 'Markets', 'When', 'What it does'];
    replace(
      listHost,
      h(
        'div',
        { class: 'table-wrap' },
        h(
          'table',
          { class: 'rules' },
          h('caption', { class: 'visually-hidden' }, 'Query rules of the draft, in the order they act'),
          h(
            'thead',
            null,
            h(
              'tr',
              null,
              columns.map((c) => h('th', { scope: 'col' }, c)),
              ctx.canWrite ? h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Actions')) : null,
            ),
          ),
          h('tbody', null, draft.queryRules.map(ruleRow)),
        ),
      ),
    );
  };

  drawList();
  const section = h(
    'section',
    { class: 'panel merch-section', 'aria-labelledby': 'rules-title' },
    h('div', { class: 'section-head' }, h('h2', { id: 'rules-title' }, 'Query rules'), ctx.canWrite ? add : null),
    h(
      'p',
      { class: 'section-intro' },
      'A rule changes the results of the searches it matches: it pins products at a place, hides products, ' +
        'shows some first or last, applies a filter, or sends the shopper to another page. When several rules ' +
        'match one search they all act, in the order listed.',
    ),
    ctx.canWrite ? formHost : null,
    status.element,
    listHost,
  );
  // Opened once the section is on the page, so the form can take the focus; the products' names follow.
  const start = () => {
    if (shortcut && ctx.canWrite) openForm(null, shortcut.query);
    if (draft.queryRules.some((r) => r.pin.length > 0 || r.hide.length > 0))
      void learnDraftProducts(ctx.api, siteId, ctx.signal).then(() => !ctx.signal.aborted && drawList());
  };
  return { element: section, start };
}
