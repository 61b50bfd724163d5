// @ts-check
// The site's keys, newest first: name, kind, the first characters of the key, whether it answers (live since a
// version, waiting for a publish, revoked), when it was created; a revoke button per working key for writers.
import { h } from '../../dom.js';
import { age, when } from '../../format.js';
import { sitePath } from '../../router.js';
import { keyName, keyState, kindLabel } from './key-words.js';

/** @typedef {import('./key-words.js').SiteKey} SiteKey */

/** @param {string} iso */
const time = (iso) => h('time', { datetime: iso, title: when(iso) }, age(iso));

/** @param {SiteKey} key @param {number} siteId */
function stateCell(key, siteId) {
  const state = keyState(key);
  if (state === 'revoked' && key.revokedAt !== null) {
    return h(
      'td',
      { 'data-label': 'Status', class: 'key-state' },
      h('span', { class: 'badge badge-failed' }, 'Revoked'),
      h('span', { class: 'key-state-detail' }, 'Revoked ', time(key.revokedAt)),
    );
  }
  if (state === 'waiting') {
    return h(
      'td',
      { 'data-label': 'Status', class: 'key-state' },
      h('span', { class: 'badge badge-gated' }, 'Not working yet'),
      h(
        'span',
        { class: 'key-state-detail' },
        'Starts working with the next ',
        h('a', { href: sitePath(siteId, 'publish') }, 'publish'),
      ),
    );
  }
  return h(
    'td',
    { 'data-label': 'Status', class: 'key-state' },
    h('span', { class: 'badge badge-ok' }, 'Working'),
    h('span', { class: 'key-state-detail' }, `Live since version ${key.publishedVersion}`),
  );
}

/**
 * @param {SiteKey} key
 * @param {{ siteId: number, onRevoke: ((key: SiteKey) => void) | null }} o
 */
function keyRow(key, { siteId, onRevoke }) {
  const name = keyName(key);
  const action =
    onRevoke === null
      ? null
      : h(
          'td',
          { 'data-label': 'Actions', class: 'key-actions' },
          keyState(key) === 'revoked'
            ? null
            : h(
                'button',
                {
                  type: 'button',
                  class: 'button secondary danger',
                  'aria-label': `Revoke ${name}`,
                  onclick: () => onRevoke(key),
                },
                'Revoke',
              ),
        );
  return h(
    'tr',
    { dataset: { keyId: String(key.id), state: keyState(key) } },
    h('th', { scope: 'row', 'data-label': 'Name' }, name),
    h('td', { 'data-label': 'Kind' }, kindLabel(key.kind)),
    h('td', { 'data-label': 'Key begins' }, h('code', { class: 'key-hint' }, `${key.hint}…`)),
    stateCell(key, siteId),
    h('td', { 'data-label': 'Created' }, time(key.createdAt)),
    action,
  );
}

/**
 * @param {SiteKey[]} keys as the API lists them (oldest first)
 * @param {{ siteId: number, onRevoke: ((key: SiteKey) => void) | null }} o `onRevoke` null for read-only sessions
 */
export function keyTable(keys, o) {
  if (keys.length === 0)
    return h('p', { class: 'muted', dataset: { state: 'empty' } }, 'This site has no storefront key yet.');
  const columns = ['Name', 'Kind', 'Key begins', 'Status', 'Created'];
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { class: 'keys' },
      h('caption', { class: 'visually-hidden' }, 'Storefront API keys of this site, newest first'),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          columns.map((c) => h('th', { scope: 'col' }, c)),
          o.onRevoke ? h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Actions')) : null,
        ),
      ),
      h(
        'tbody',
        null,
        [...keys].reverse().map((key) => keyRow(key, o)),
      ),
    ),
  );
}
