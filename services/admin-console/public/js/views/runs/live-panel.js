// @ts-check
// The live index (what the shop searches now) with its document count, and rollback to the index live before it.
import { h, replace } from '../../dom.js';
import { age, count, when } from '../../format.js';
import { plural } from './run-format.js';

/** @typedef {import('./run-types.js').SiteIndex} SiteIndex */

/** @param {string | null} iso */
const timeOf = (iso) => (iso === null ? 'unknown' : h('time', { datetime: iso, title: when(iso) }, age(iso)));

/**
 * Name–value pairs describing an index.
 * @param {SiteIndex} index
 */
function facts(index) {
  const rows = [
    ['Documents', count(index.documentCount)],
    [
      'Built by',
      index.runId === null
        ? 'an unrecorded run'
        : `Run #${index.runId}${index.configVersion === null ? '' : `, configuration version ${index.configVersion}`}`,
    ],
    ['Went live', timeOf(index.swappedAt)],
    ['Index', h('code', null, index.indexName)],
  ];
  return h(
    'dl',
    { class: 'index-facts' },
    rows.map(([term, value]) => h('div', null, h('dt', null, term), h('dd', null, value))),
  );
}

/** What a rollback would put live, in a sentence. @param {SiteIndex} target */
export const rollbackTarget = (target) =>
  `${target.runId === null ? 'The index live before' : `The index of run #${target.runId}`} ` +
  `(${plural(target.documentCount, 'document')}` +
  `${target.configVersion === null ? '' : `, configuration version ${target.configVersion}`})`;

/**
 * @param {{ canWrite: boolean, onRollback: (button: HTMLButtonElement) => void }} o
 */
export function livePanel(o) {
  const body = h('div', { class: 'live-body' });
  const hint = h('p', { id: 'rollback-hint', class: 'field-hint' });
  const rollback = h(
    'button',
    {
      type: 'button',
      class: 'button secondary',
      'aria-describedby': 'rollback-hint',
      onclick: () => o.onRollback(rollback),
    },
    'Roll back…',
  );
  const actions = o.canWrite
    ? h('div', { class: 'rollback' }, rollback, hint)
    : h('p', { class: 'muted' }, 'Rolling back needs read-write access.');
  const element = h(
    'section',
    { class: 'panel runs-panel live-panel', 'aria-labelledby': 'live-title' },
    h('h2', { id: 'live-title' }, 'Live index'),
    body,
    actions,
  );
  return {
    element,
    /**
     * @param {SiteIndex | null} live
     * @param {SiteIndex | null} rollbackTo
     */
    update(live, rollbackTo) {
      replace(
        body,
        live === null
          ? h('p', { class: 'muted' }, 'No live index: the shop has nothing to search until a full run finishes.')
          : facts(live),
      );
      if (rollbackTo === null) {
        rollback.setAttribute('aria-disabled', 'true');
        replace(hint, 'There is no earlier index to roll back to.');
      } else {
        rollback.removeAttribute('aria-disabled');
        replace(hint, `${rollbackTarget(rollbackTo)} goes live again.`);
      }
    },
  };
}
