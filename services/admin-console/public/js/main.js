// @ts-check
import { AdminApi } from './api.js';
import { completeSignIn, currentToken, signOut, SignInError, startSignIn } from './auth.js';
import { h, replace } from './dom.js';
import { followLinks, routeOf } from './router.js';
import { header, notice } from './views/layout.js';
import { showOverview } from './views/overview.js';
import { signInPage } from './views/sign-in.js';
import { showSitePage } from './views/site-page.js';

/** @typedef {{ text: string, role: 'status' | 'alert' }} Message */

/** @returns {Promise<import('./types.js').ConsoleConfig>} */
async function loadConfig() {
  const res = await fetch('/config.json');
  if (!res.ok) throw new Error(`The console's settings could not be read (HTTP ${res.status}).`);
  return res.json();
}

/** Aborts what the page on screen still does (polling, loads in flight) when another page replaces it. */
let leaving = new AbortController();

/**
 * Shows the signed-out page, or the page at the current address for this tab's token.
 * @param {HTMLElement} shell
 * @param {import('./types.js').ConsoleConfig} config
 * @param {Message | null} message
 * @param {(path: string) => void} navigate
 */
async function render(shell, config, message, navigate) {
  leaving.abort();
  leaving = new AbortController();
  const token = currentToken();
  if (token === null) return replace(shell, signInPage({ onSignIn: () => startSignIn(config), message }));
  const ended = (/** @type {Message} */ next) => {
    signOut();
    history.replaceState(null, '', '/');
    void render(shell, config, next, navigate);
  };
  const api = new AdminApi(config.apiBaseUrl, token.accessToken, () =>
    ended({ text: 'Your session has ended. Sign in again.', role: 'alert' }),
  );
  const main = h('main', { id: 'main', tabindex: '-1' });
  const onSignOut = () => ended({ text: 'You are signed out.', role: 'status' });
  const route = routeOf(location.pathname);
  replace(
    shell,
    header({ current: route.page === 'overview' ? '/' : null, session: { scope: token.scope, onSignOut } }),
    main,
  );
  document.title = 'Aisle admin';
  if (route.page === 'overview') return showOverview(main, api);
  if (route.page === 'not-found')
    return replace(main, h('h1', null, 'Page not found'), h('p', null, h('a', { href: '/' }, 'Back to the sites')));
  const canWrite = token.scope.split(' ').includes('write');
  await showSitePage(main, { ...route, api, canWrite, signal: leaving.signal, navigate });
}

/** On /callback, finishes the sign-in; the code leaves the address bar and the history either way. */
async function finishSignIn(/** @type {import('./types.js').ConsoleConfig} */ config) {
  try {
    await completeSignIn(config, new URLSearchParams(location.search));
    return null;
  } catch (err) {
    return {
      text: err instanceof SignInError ? err.message : 'Signing in failed. Try again.',
      role: /** @type {const} */ ('alert'),
    };
  } finally {
    history.replaceState(null, '', '/');
  }
}

async function boot() {
  const shell = /** @type {HTMLElement} */ (document.getElementById('app'));
  const config = await loadConfig();
  const message = location.pathname === '/callback' ? await finishSignIn(config) : null;
  /** @type {(path: string) => void} */
  const navigate = followLinks(() => {
    void render(shell, config, null, navigate);
    // A new page takes the focus, as a full page load would, so a screen reader starts reading it.
    document.getElementById('main')?.focus();
  });
  await render(shell, config, message, navigate);
}

boot().catch((err) => {
  const shell = document.getElementById('app');
  if (shell)
    replace(
      shell,
      h(
        'main',
        { id: 'main', class: 'sign-in' },
        h('h1', null, 'The console could not start'),
        notice(err instanceof Error ? err.message : String(err), 'alert'),
      ),
    );
});
