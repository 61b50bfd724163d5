// @ts-check
// The three reports as tables: top queries, no-hit queries (each with shortcuts to fix it: a synonym, a rule, a
// preview) and top filters. Every query and filter value is a shopper's text: it goes in as text only.
import { h } from '../../dom.js';
import { count } from '../../format.js';
import { sitePath } from '../../router.js';

/** @typedef {{ query: string, count: number, noHits: number, latestTotal: number, share: number }} QueryStat */
/** @typedef {{ filter: string, count: number, share: number }} FilterStat */

const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });

/** @param {number} share @param {number} n */
const shareText = (share, n) => (n > 0 && share < 0.001 ? '<0.1%' : percent.format(share));

/**
 * A report table: a caption (read by screen readers), column headings, and the first column as each row's heading.
 * @param {{ caption: string, columns: { label: string, numeric?: boolean }[], rows: (Node | string)[][], className?: string }} spec
 */
function reportTable({ caption, columns, rows, className }) {
  return h(
    'div',
    // On a narrow screen the table may scroll sideways: focusable and named, so a keyboard can scroll it too.
    { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': caption },
    h(
      'table',
      { class: `an-table ${className ?? ''}`.trim() },
      h('caption', { class: 'visually-hidden' }, caption),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          columns.map((c) => h('th', { scope: 'col', class: c.numeric ? 'num' : null }, c.label)),
        ),
      ),
      h(
        'tbody',
        null,
        rows.map(([first, ...rest]) =>
          h(
            'tr',
            null,
            h('th', { scope: 'row' }, first),
            rest.map((cell, i) => h('td', { class: columns[i + 1]?.numeric ? 'num' : null }, cell)),
          ),
        ),
      ),
    ),
  );
}

/** @param {string} text */
const empty = (text) => h('p', { class: 'an-empty' }, text);

/** @param {string} query */
const queryText = (query) => h('span', { class: 'an-query' }, query);

/** @param {QueryStat[]} items */
export function topQueriesTable(items) {
  if (items.length === 0) return empty('No searches with words in this period.');
  return reportTable({
    caption: 'Top queries, most searched first',
    className: 'an-top-queries',
    columns: [
      { label: 'Query' },
      { label: 'Searches', numeric: true },
      { label: 'Share', numeric: true },
      { label: 'Found last time', numeric: true },
    ],
    rows: items.map((q) => [
      queryText(q.query),
      count(q.count),
      shareText(q.share, q.count),
      q.latestTotal === 0 ? 'None' : count(q.latestTotal),
    ]),
  });
}

/**
 * The ways to fix a query that finds nothing: a synonym (in the market's language), a rule, and a preview of what
 * the draft finds for it now. Without write access only the preview.
 * @param {string} query
 * @param {{ siteId: number, language: string, canWrite: boolean }} ctx
 */
function shortcuts(query, { siteId, language, canWrite }) {
  const forQuery = h('span', { class: 'visually-hidden' }, ` for “${query}”`);
  const link = (/** @type {string} */ href, /** @type {string} */ label) =>
    h('li', null, h('a', { href, class: 'an-shortcut' }, label, forQuery.cloneNode(true)));
  const merchandising = sitePath(siteId, 'merchandising');
  return h(
    'ul',
    { class: 'an-shortcuts' },
    canWrite ? link(`${merchandising}?${new URLSearchParams({ synonym: query, language })}`, 'Add a synonym') : null,
    canWrite ? link(`${merchandising}?${new URLSearchParams({ rule: query })}`, 'Add a rule') : null,
    link(`${sitePath(siteId, 'preview')}?${new URLSearchParams({ q: query })}`, 'Preview'),
  );
}

/**
 * @param {QueryStat[]} items
 * @param {{ siteId: number, language: string, canWrite: boolean }} ctx
 * @param {number} searches every search of the period (none: nothing to say about queries finding nothing)
 */
export function noHitTable(items, ctx, searches) {
  if (items.length === 0)
    return empty(
      searches === 0 ? 'No searches in this period.' : 'Every query searched in this period found products.',
    );
  return reportTable({
    caption: 'Queries that found nothing, most often first, with shortcuts to fix them',
    className: 'an-no-hits',
    columns: [
      { label: 'Query' },
      { label: 'Found nothing', numeric: true },
      { label: 'Searches', numeric: true },
      { label: 'Fix it' },
    ],
    rows: items.map((q) => [queryText(q.query), count(q.noHits), count(q.count), shortcuts(q.query, ctx)]),
  });
}

/** "brand=acme" as its facet and value (a value may itself hold "="). @param {string} filter */
const splitFilter = (filter) => {
  const at = filter.indexOf('=');
  return at < 0 ? { key: filter, value: '' } : { key: filter.slice(0, at), value: filter.slice(at + 1) };
};

/** @param {FilterStat[]} items */
export function topFiltersTable(items) {
  if (items.length === 0) return empty('No filters were used in this period.');
  return reportTable({
    caption: 'Top filters, most used first',
    className: 'an-top-filters',
    columns: [
      { label: 'Filter' },
      { label: 'Value' },
      { label: 'Listings', numeric: true },
      { label: 'Share', numeric: true },
    ],
    rows: items.map((f) => {
      const { key, value } = splitFilter(f.filter);
      return [
        h('code', null, key),
        h('span', { class: 'an-query' }, value),
        count(f.count),
        shareText(f.share, f.count),
      ];
    }),
  });
}
