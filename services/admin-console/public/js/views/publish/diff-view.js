// @ts-check
// What publishing would change, part by part (site settings, markets, facets, collections, query rules, synonyms):
// one table per part, each row a change marked Added, Changed or Removed in words, with the live and the draft value.
import { h } from '../../dom.js';
import { count } from '../../format.js';
import {
  entityFields,
  entityName,
  fieldLabel,
  isPlainObject,
  locate,
  PARTS,
  splitFieldChange,
  valueText,
} from './change-words.js';

/** @typedef {import('./change-words.js').ConfigChange} ConfigChange */
/** @typedef {import('./change-words.js').PartKey} PartKey */
/** @typedef {import('../../types.js').SiteConfig} SiteConfig */
/** @typedef {import('../keys/key-words.js').SiteKey} SiteKey */
/** @typedef {{ publishedVersion: number | null, changes: ConfigChange[], keysToPublish: SiteKey[] }} DraftDiff */

/** A value cell's content: one line of text, or a whole entity's fields. @typedef {string | [string, string][] | null} Shown */
/** @typedef {{ op: ConfigChange['op'], part: PartKey, item: string, before: Shown, after: Shown }} Row */

const OP_LABELS = { add: 'Added', change: 'Changed', remove: 'Removed' };

/**
 * The draft's copy of an entity, to name it when the change carries only one of its fields.
 * @param {SiteConfig} draft
 * @param {PartKey} part
 * @param {string} key
 * @returns {Record<string, unknown> | undefined}
 */
function draftEntity(draft, part, key) {
  if (part === 'site' || part === 'synonyms' || part === 'content') return undefined;
  const list = /** @type {Record<string, unknown>[]} */ (draft[part] ?? []);
  return list.find((e) => String(e.code ?? e.key ?? e.id) === key);
}

/**
 * The rows one change makes: a whole entity added or removed is one row listing its fields; a changed field whose
 * values are objects is a row per sub-field that differs.
 * @param {ConfigChange} change
 * @param {SiteConfig} draft
 * @returns {Row[]}
 */
function rowsOf(change, draft) {
  const { part, key, field } = locate(change.path);
  const before = change.op === 'add' ? undefined : change.before;
  const after = change.op === 'remove' ? undefined : change.after;
  if (part === 'synonyms')
    return [
      {
        op: change.op,
        part,
        item: entityName(part, key ?? '', undefined),
        before: change.op === 'add' ? null : valueText(before),
        after: change.op === 'remove' ? null : valueText(after),
      },
    ];
  if (part !== 'site' && part !== 'content' && field === null) {
    const entity = /** @type {unknown} */ (after ?? before);
    const item = entityName(part, key ?? '', isPlainObject(entity) ? entity : undefined);
    return [
      {
        op: change.op,
        part,
        item,
        before: change.op === 'add' ? null : entityFields(part, before),
        after: change.op === 'remove' ? null : entityFields(part, after),
      },
    ];
  }
  const owner =
    part === 'site' || part === 'content' ? null : entityName(part, key ?? '', draftEntity(draft, part, key ?? ''));
  // An object field added or removed whole (a first publish's assortment) is listed by its sub-fields too.
  const [from, to] = [
    before === undefined && isPlainObject(after) ? {} : before,
    after === undefined && isPlainObject(before) ? {} : after,
  ];
  return splitFieldChange(field ?? '', from, to).map((sub) => ({
    op: change.op,
    part,
    item: owner === null ? fieldLabel(sub.field) : `${owner} › ${fieldLabel(sub.field)}`,
    before: change.op === 'add' ? null : valueText(sub.before),
    after: change.op === 'remove' ? null : valueText(sub.after),
  }));
}

/**
 * @param {Shown} shown
 * @param {string} absent what the cell says when the value is not there (not live yet, or removed)
 */
function valueCell(shown, absent) {
  if (shown === null) return h('span', { class: 'muted' }, absent);
  if (typeof shown === 'string') return h('span', { class: 'diff-value' }, shown);
  return h(
    'dl',
    { class: 'diff-fields' },
    shown.flatMap(([label, value]) => [label ? h('dt', null, label) : null, h('dd', null, value)]),
  );
}

/** @param {Row} row */
const rowElement = (row) =>
  h(
    'tr',
    { class: `diff-${row.op}` },
    h(
      'td',
      { 'data-label': 'Change' },
      h('span', { class: `badge diff-badge diff-badge-${row.op}` }, OP_LABELS[row.op]),
    ),
    h('th', { scope: 'row', 'data-label': 'What' }, row.item),
    h('td', { 'data-label': 'Live now' }, valueCell(row.before, row.op === 'add' ? 'Not live' : '—')),
    h('td', { 'data-label': 'After publishing' }, valueCell(row.after, row.op === 'remove' ? 'Removed' : '—')),
  );

/**
 * @param {(typeof PARTS)[number]} part
 * @param {Row[]} rows
 */
function partTable(part, rows) {
  const headingId = `diff-part-${part.key}`;
  return h(
    'section',
    { class: 'diff-part', 'aria-labelledby': headingId, dataset: { part: part.key } },
    h('h3', { id: headingId }, part.label, ' ', h('span', { class: 'diff-part-count' }, `(${count(rows.length)})`)),
    h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { class: 'diff-table' },
        h('caption', { class: 'visually-hidden' }, `${part.label}: what publishing changes`),
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            ['Change', 'What', 'Live now', 'After publishing'].map((c) => h('th', { scope: 'col' }, c)),
          ),
        ),
        h('tbody', null, rows.map(rowElement)),
      ),
    ),
  );
}

/** "2 added, 1 changed", counted as the tables list them. @param {Row[]} rows */
function tally(rows) {
  return /** @type {const} */ (['add', 'change', 'remove'])
    .map((op) => ({ n: rows.filter((r) => r.op === op).length, label: OP_LABELS[op].toLowerCase() }))
    .filter(({ n }) => n > 0)
    .map(({ n, label }) => `${count(n)} ${label}`)
    .join(', ');
}

/** @param {SiteKey[]} keys */
function keysToPublish(keys) {
  if (keys.length === 0) return null;
  return h(
    'section',
    { class: 'diff-part', 'aria-labelledby': 'diff-part-keys' },
    h(
      'h3',
      { id: 'diff-part-keys' },
      'Keys that start working with this publish ',
      h('span', { class: 'diff-part-count' }, `(${count(keys.length)})`),
    ),
    h(
      'ul',
      { class: 'diff-keys' },
      keys.map((k) => h('li', null, h('strong', null, k.label), ` · ${k.kind} key `, h('code', null, `${k.hint}…`))),
    ),
  );
}

/**
 * The draft diff as the page shows it: a summary sentence, then a table per part that changes, then the keys
 * publishing makes live. An empty diff (and no key waiting) says there is nothing to publish.
 * @param {DraftDiff} diff
 * @param {SiteConfig} draft
 */
export function diffView(diff, draft) {
  const live =
    diff.publishedVersion === null
      ? 'This site has never been published'
      : `Live now: version ${diff.publishedVersion}`;
  if (diff.changes.length === 0 && diff.keysToPublish.length === 0) {
    return h(
      'div',
      { class: 'diff-empty', dataset: { state: 'empty' } },
      h('p', { class: 'diff-empty-title' }, 'Nothing to publish'),
      h('p', { class: 'muted' }, `The draft is the same as the live version ${diff.publishedVersion}.`),
    );
  }
  const next = (diff.publishedVersion ?? 0) + 1;
  const rows = diff.changes.flatMap((c) => rowsOf(c, draft));
  const summary =
    diff.changes.length === 0
      ? `The configuration is the same as version ${diff.publishedVersion}; publishing version ${next} makes ` +
        `the new keys below work.`
      : `Publishing makes the draft version ${next}: ${count(rows.length)} ` +
        `${rows.length === 1 ? 'change' : 'changes'} (${tally(rows)}).`;
  return h(
    'div',
    { class: 'diff', dataset: { state: 'changes' } },
    h('p', { class: 'diff-summary' }, h('span', { class: 'muted' }, `${live}. `), summary),
    PARTS.map((part) => ({ part, rows: rows.filter((r) => r.part === part.key) }))
      .filter(({ rows: partRows }) => partRows.length > 0)
      .map(({ part, rows: partRows }) => partTable(part, partRows)),
    keysToPublish(diff.keysToPublish),
  );
}
