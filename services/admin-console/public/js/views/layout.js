// @ts-check
import { h } from '../dom.js';

/** The console-wide pages; a site's own pages are in its site navigation (site-page.js). */
const PAGES = [{ href: '/', label: 'Overview' }];

/** @param {string} scope the token's scope: `write` in it means read-write */
const accessLabel = (scope) => (scope.split(' ').includes('write') ? 'Read-write access' : 'Read-only access');

/**
 * The header: the console's name, its pages (the current one marked for assistive technology) and, signed in,
 * the access the token grants and a sign-out button.
 * @param {{ current: string | null, session?: { scope: string, onSignOut: () => void } }} options
 */
export function header({ current, session }) {
  const nav = session
    ? h(
        'nav',
        { 'aria-label': 'Console' },
        h(
          'ul',
          null,
          PAGES.map((p) =>
            h('li', null, h('a', { href: p.href, 'aria-current': p.href === current ? 'page' : null }, p.label)),
          ),
        ),
      )
    : null;
  const account = session
    ? h(
        'div',
        { class: 'account' },
        h('span', { class: 'access' }, accessLabel(session.scope)),
        h('button', { type: 'button', class: 'button secondary', onclick: session.onSignOut }, 'Sign out'),
      )
    : null;
  return h(
    'header',
    { class: 'site-header' },
    h(
      'div',
      { class: 'header-bar' },
      h(
        'a',
        { class: 'brand', href: '/' },
        h('span', { class: 'brand-mark', 'aria-hidden': 'true' }, 'A'),
        'Aisle admin',
      ),
      nav,
      account,
    ),
  );
}

/**
 * A message to the person using the console: `status` is announced politely, `alert` at once.
 * @param {string} text
 * @param {'status' | 'alert'} [role]
 */
export const notice = (text, role = 'status') =>
  h('p', { class: `notice notice-${role === 'alert' ? 'error' : 'info'}`, role }, text);
