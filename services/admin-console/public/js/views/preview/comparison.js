// @ts-check
// One query's comparison: the live top products beside the draft's, each product that entered, left or moved
// marked in words (the colour only repeats them).
import { h } from '../../dom.js';

/**
 * One query's answer of GET /storefront/sites/{siteId}/search-preview (StorefrontResultChangeDto).
 * @typedef {{ id: string, name: string }} ResultItem
 * @typedef {{
 *   query: string, changed: boolean, live: ResultItem[], draft: ResultItem[],
 *   entered: (ResultItem & { position: number })[], left: (ResultItem & { position: number })[],
 *   moved: (ResultItem & { from: number, to: number })[],
 * }} ResultChange
 */

/** @typedef {{ kind: 'entered' | 'left' | 'up' | 'down', text: string }} Mark */

/**
 * "1 entered, 2 moved": what changed in the top, or that nothing did.
 * @param {ResultChange} change
 */
export function changeSummary(change) {
  if (change.live.length === 0 && change.draft.length === 0) return 'No products found, live or with the draft.';
  if (!change.changed) return 'No change: the draft shows the same products in the same order.';
  const parts = [
    change.entered.length > 0 ? `${change.entered.length} entered` : null,
    change.left.length > 0 ? `${change.left.length} left` : null,
    change.moved.length > 0 ? `${change.moved.length} moved` : null,
  ];
  return parts.filter(Boolean).join(', ');
}

/**
 * The marks of each product on the live side (left, or moved to its draft position).
 * @param {ResultChange} change
 * @returns {Map<string, Mark>}
 */
function liveMarks(change) {
  /** @type {Map<string, Mark>} */
  const marks = new Map();
  for (const item of change.left) marks.set(item.id, { kind: 'left', text: 'Left' });
  for (const item of change.moved)
    marks.set(item.id, { kind: item.to < item.from ? 'up' : 'down', text: `Moved to ${item.to}` });
  return marks;
}

/**
 * The marks of each product on the draft side (entered, or moved up or down from its live position).
 * @param {ResultChange} change
 * @returns {Map<string, Mark>}
 */
function draftMarks(change) {
  /** @type {Map<string, Mark>} */
  const marks = new Map();
  for (const item of change.entered) marks.set(item.id, { kind: 'entered', text: 'Entered' });
  for (const item of change.moved) {
    const up = item.to < item.from;
    marks.set(item.id, { kind: up ? 'up' : 'down', text: `${up ? 'Moved up' : 'Moved down'}, was ${item.from}` });
  }
  return marks;
}

/** Arrows beside the words, for the eye only (the words say the same). */
const ARROWS = { entered: '+', left: '−', up: '↑', down: '↓' };

/**
 * @param {ResultItem} item
 * @param {number} position 1-based
 * @param {Mark | undefined} mark
 */
const resultRow = (item, position, mark) =>
  h(
    'li',
    {
      class: `pv-result${mark ? ` pv-result-${mark.kind}` : ''}`,
      dataset: { productId: item.id, mark: mark?.kind ?? 'same' },
    },
    h('span', { class: 'pv-result-position' }, `${position}.`),
    h('span', { class: 'pv-result-name' }, item.name, h('span', { class: 'pv-result-id' }, `Product ${item.id}`)),
    mark
      ? h(
          'span',
          { class: `pv-mark pv-mark-${mark.kind}` },
          h('span', { 'aria-hidden': 'true' }, `${ARROWS[mark.kind]} `),
          mark.text,
        )
      : null,
  );

/**
 * One side's top products, in order.
 * @param {string} id the heading's id
 * @param {string} title
 * @param {string} subtitle
 * @param {ResultItem[]} items
 * @param {Map<string, Mark>} marks
 */
const side = (id, title, subtitle, items, marks) =>
  h(
    'section',
    { class: 'preview-side', 'aria-labelledby': id },
    h('h4', { id }, title, h('span', { class: 'pv-side-note' }, subtitle)),
    items.length === 0
      ? h('p', { class: 'muted pv-empty' }, 'No products found.')
      : h(
          'ol',
          { class: 'pv-result-list' },
          items.map((item, i) => resultRow(item, i + 1, marks.get(item.id))),
        ),
  );

let nextId = 0;

/**
 * The live and draft top products of one query side by side, with the change summarised above them.
 * @param {ResultChange} change
 */
export function comparison(change) {
  const stem = `preview-${++nextId}`;
  return h(
    'section',
    {
      class: `preview-query${change.changed ? ' pv-changed' : ''}`,
      'aria-labelledby': `${stem}-title`,
      dataset: { query: change.query },
    },
    h(
      'div',
      { class: 'preview-query-head' },
      h('h3', { id: `${stem}-title` }, 'Results for “', change.query, '”'),
      h('p', { class: 'pv-summary' }, changeSummary(change)),
    ),
    h(
      'div',
      { class: 'preview-columns' },
      side(`${stem}-live`, 'Live', 'what shoppers see now', change.live, liveMarks(change)),
      side(`${stem}-draft`, 'Draft', 'after publishing', change.draft, draftMarks(change)),
    ),
  );
}
