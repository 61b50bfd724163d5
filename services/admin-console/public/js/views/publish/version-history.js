// @ts-check
// The published versions, newest (live) first: number, note and when. The API records no publisher, so the table
// has no "who" column rather than an empty one.
import { h } from '../../dom.js';
import { age, count, when } from '../../format.js';

/** @typedef {{ version: number, note: string, publishedAt: string }} PublishedVersion */

/** How many versions the page asks for (the API's default; it allows up to 200). */
export const VERSIONS_SHOWN = 50;

/** @param {PublishedVersion} v @param {boolean} live */
const versionRow = (v, live) =>
  h(
    'tr',
    { dataset: { version: String(v.version) } },
    h(
      'th',
      { scope: 'row', 'data-label': 'Version' },
      `Version ${v.version}`,
      live ? ' ' : null,
      live ? h('span', { class: 'badge badge-ok version-live' }, 'Live') : null,
    ),
    h(
      'td',
      { 'data-label': 'Note', class: 'version-note' },
      v.note.trim() === '' ? h('span', { class: 'muted' }, 'No note') : v.note,
    ),
    h(
      'td',
      { 'data-label': 'Published' },
      h('time', { datetime: v.publishedAt }, when(v.publishedAt)),
      h('span', { class: 'version-age muted' }, age(v.publishedAt)),
    ),
  );

/**
 * @param {PublishedVersion[]} versions newest first, as GET /versions answers them
 */
export function versionHistory(versions) {
  if (versions.length === 0)
    return h(
      'p',
      { class: 'muted', dataset: { state: 'empty' } },
      'Not published yet: the first publish creates version 1.',
    );
  const more =
    versions.length >= VERSIONS_SHOWN
      ? h('p', { class: 'muted' }, `The newest ${count(VERSIONS_SHOWN)} versions are shown.`)
      : null;
  return [
    h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { class: 'versions' },
        h('caption', { class: 'visually-hidden' }, 'Published versions, newest first'),
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            ['Version', 'Note', 'Published'].map((c) => h('th', { scope: 'col' }, c)),
          ),
        ),
        h(
          'tbody',
          null,
          versions.map((v, i) => versionRow(v, i === 0)),
        ),
      ),
    ),
    more,
  ];
}
