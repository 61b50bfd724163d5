// @ts-check
// The runs table: each run's mode, outcome, documents, duration, warnings grouped by code with the products they
// name (expandable), and errors. Rebuilt when the answer changes; open warning groups stay open.
import { h } from '../../dom.js';
import { age, count, modeLabel, when } from '../../format.js';
import { duration, groupWarnings, plural, runDuration, warningMeaning } from './run-format.js';

/** @typedef {import('./run-types.js').Run} Run */
/** @typedef {import('./run-types.js').SiteIndex} SiteIndex */

/**
 * What the table needs beside the runs: the live index (its run is marked), the gated run awaiting confirmation,
 * which warning groups are open (`<run id>:<code>`), and the time now.
 * @typedef {{ live: SiteIndex | null, awaitingId: number | null, open: Set<string>, now: number }} TableContext
 */

const OUTCOMES = { ok: 'OK', running: 'Running', gated: 'Gated', failed: 'Failed', cancelled: 'Cancelled' };

/** @param {Run} run @param {TableContext} c */
function outcomeText(run, c) {
  if (run.outcome !== 'gated') return OUTCOMES[run.outcome] ?? run.outcome;
  if (run.swappedAt !== null) return 'Gated, then confirmed';
  return run.id === c.awaitingId ? 'Gated: awaits confirmation' : 'Gated: not put live';
}

/** @param {Run} run @param {TableContext} c */
function runCell(run, c) {
  const isLive = run.mode === 'full' && run.indexName !== null && run.indexName === c.live?.indexName;
  return h(
    'th',
    { scope: 'row', 'data-label': 'Run' },
    h('span', { class: 'run-id' }, `#${run.id}`, isLive ? h('span', { class: 'badge badge-live' }, 'Live') : null),
    h(
      'span',
      { class: 'run-when' },
      'Started ',
      h('time', { datetime: run.startedAt, title: when(run.startedAt) }, age(run.startedAt, c.now)),
    ),
  );
}

/** @param {Run} run */
function modeCell(run) {
  const source =
    run.mode === 'preview' ? 'the draft' : run.configVersion === null ? null : `version ${run.configVersion}`;
  return h(
    'td',
    { 'data-label': 'Mode' },
    modeLabel(run.mode),
    source ? h('span', { class: 'cell-note' }, `of ${source}`) : null,
  );
}

/** @param {Run} run */
function documentsCell(run) {
  if (run.outcome !== 'running') return h('td', { 'data-label': 'Documents', class: 'num' }, count(run.documentCount));
  const total = run.progress?.total ?? run.total;
  return h(
    'td',
    { 'data-label': 'Documents', class: 'num' },
    total === null ? '—' : `${count(run.progress?.done ?? 0)} of ${count(total)}`,
  );
}

/** @param {Run} run @param {number} now */
function durationCell(run, now) {
  const ms = runDuration(run);
  const text = ms === null ? `Running for ${duration(now - new Date(run.startedAt).getTime())}` : duration(ms);
  return h('td', { 'data-label': 'Duration', class: 'num' }, text);
}

/**
 * One warning code of a run: its count in the summary, what it means and the products it names inside.
 * @param {Run} run
 * @param {ReturnType<typeof groupWarnings>[number]} group
 * @param {Set<string>} open
 */
function warningGroup(run, group, open) {
  const key = `${run.id}:${group.code}`;
  const n = group.productIds.length > 0 ? group.productIds.length : group.details.length;
  const what = group.productIds.length > 0 ? plural(n, 'product') : plural(n, 'note');
  const details = h(
    'details',
    { class: 'warning-group', open: open.has(key), dataset: { key, code: group.code } },
    h('summary', null, h('code', null, group.code), ` · ${what}`),
    h(
      'div',
      { class: 'warning-body' },
      warningMeaning(group.code)
        ? h('p', null, `${group.productIds.length > 0 ? 'Left out: ' : ''}${warningMeaning(group.code)}.`)
        : null,
      group.productIds.length > 0
        ? h(
            'p',
            { class: 'product-ids' },
            `${group.productIds.length === 1 ? 'Product' : 'Products'} ${group.productIds.join(', ')}`,
          )
        : null,
      group.details.length > 0
        ? h(
            'ul',
            { class: 'warning-details' },
            group.details.map((d) => h('li', null, d)),
          )
        : null,
    ),
  );
  details.addEventListener('toggle', () => (details.open ? open.add(key) : open.delete(key)));
  return h('li', null, details);
}

/** @param {Run} run @param {Set<string>} open */
function warningsCell(run, open) {
  const groups = groupWarnings(run.warnings);
  if (groups.length === 0) return h('td', { 'data-label': 'Warnings' }, h('span', { class: 'muted' }, 'None'));
  return h(
    'td',
    { 'data-label': 'Warnings', class: 'warnings-cell' },
    h(
      'ul',
      { class: 'warning-groups' },
      groups.map((g) => warningGroup(run, g, open)),
    ),
  );
}

/** @param {Run} run */
function errorsCell(run) {
  if (run.errors.length === 0) return h('td', { 'data-label': 'Errors' }, h('span', { class: 'muted' }, 'None'));
  return h(
    'td',
    { 'data-label': 'Errors', class: 'errors-cell' },
    h(
      'ul',
      { class: 'run-errors' },
      run.errors.map((e) => h('li', null, e)),
    ),
  );
}

/** @param {Run} run @param {TableContext} c */
const runRow = (run, c) =>
  h(
    'tr',
    { dataset: { runId: String(run.id), outcome: run.outcome, mode: run.mode } },
    runCell(run, c),
    modeCell(run),
    h('td', { 'data-label': 'Outcome' }, h('span', { class: `badge badge-${run.outcome}` }, outcomeText(run, c))),
    documentsCell(run),
    durationCell(run, c.now),
    warningsCell(run, c.open),
    errorsCell(run),
  );

/**
 * @param {Run[]} runs newest first
 * @param {TableContext} c
 */
export function runsTable(runs, c) {
  const columns = ['Run', 'Mode', 'Outcome', 'Documents', 'Duration', 'Warnings', 'Errors'];
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { class: 'data-table runs-table' },
      h('caption', { class: 'visually-hidden' }, 'Index runs, newest first, with their warnings and errors'),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          columns.map((col) =>
            h('th', { scope: 'col', class: col === 'Documents' || col === 'Duration' ? 'num' : null }, col),
          ),
        ),
      ),
      h(
        'tbody',
        null,
        runs.map((run) => runRow(run, c)),
      ),
    ),
  );
}
