// @ts-check
import { AdminApi } from './api.js';
import { completeSignIn, currentToken, signOut, SignInError, startSignIn } from './auth.js';
import { h, replace } from './dom.js';
import { header, notice } from './views/layout.js';
import { showOverview } from './views/overview.js';
import { signInPage } from './views/sign-in.js';

/** @typedef {{ text: string, role: 'status' | 'alert' }} Message */

/** @returns {Promise<import('./types.js').ConsoleConfig>} */
async function loadConfig() {
  const res = await fetch('/config.json');
  if (!res.ok) throw new Error(`The console's settings could not be read (HTTP ${res.status}).`);
  return res.json();
}

/**
 * Shows the signed-out page, or the console for this tab's token.
 * @param {HTMLElement} shell
 * @param {import('./types.js').ConsoleConfig} config
 * @param {Message | null} message
 */
async function render(shell, config, message) {
  const token = currentToken();
  if (token === null) return replace(shell, signInPage({ onSignIn: () => startSignIn(config), message }));
  const ended = (/** @type {Message} */ next) => {
    signOut();
    void render(shell, config, next);
  };
  const api = new AdminApi(config.apiBaseUrl, token.accessToken, () => ended({ text: 'Your session has ended. Sign in again.', role: 'alert' }));
  const main = h('main', { id: 'main', tabindex: '-1' });
  const onSignOut = () => ended({ text: 'You are signed out.', role: 'status' });
  replace(shell, header({ current: '/', session: { scope: token.scope, onSignOut } }), main);
  await showOverview(main, api);
}

/** On /callback, finishes the sign-in; the code leaves the address bar and the history either way. */
async function finishSignIn(/** @type {import('./types.js').ConsoleConfig} */ config) {
  try {
    await completeSignIn(config, new URLSearchParams(location.search));
    return null;
  } catch (err) {
    return { text: err instanceof SignInError ? err.message : 'Signing in failed. Try again.', role: /** @type {const} */ ('alert') };
  } finally {
    history.replaceState(null, '', '/');
  }
}

async function boot() {
  const shell = /** @type {HTMLElement} */ (document.getElementById('app'));
  const config = await loadConfig();
  const message = location.pathname === '/callback' ? await finishSignIn(config) : null;
  await render(shell, config, message);
}

boot().catch((err) => {
  const shell = document.getElementById('app');
  if (shell) replace(shell, h('main', { id: 'main', class: 'sign-in' }, h('h1', null, 'The console could not start'), notice(err instanceof Error ? err.message : String(err), 'alert')));
});
