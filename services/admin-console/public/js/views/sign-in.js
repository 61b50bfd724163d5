// @ts-check
import { h } from '../dom.js';
import { header, notice } from './layout.js';

/**
 * The signed-out page: what signing in takes, and the button that goes to the identity provider's consent page.
 * @param {{ onSignIn: () => Promise<void>, message: { text: string, role: 'status' | 'alert' } | null }} options
 */
export function signInPage({ onSignIn, message }) {
  const button = h('button', { type: 'button', class: 'button primary' }, 'Sign in with an app password');
  button.addEventListener('click', () => {
    button.setAttribute('disabled', '');
    onSignIn().catch(() => button.removeAttribute('disabled'));
  });
  return [
    header({ current: '/' }),
    h(
      'main',
      { id: 'main', class: 'sign-in', tabindex: '-1' },
      h('h1', null, 'Sign in to the shop admin'),
      message ? notice(message.text, message.role) : null,
      h('p', null, 'Configure your storefront sites, check their index runs and publish changes.'),
      h(
        'p',
        null,
        'You sign in on the Aisle identity provider with an ',
        h('strong', null, 'app password'),
        ' of your tenant: its client ID and its secret. A read-only app password lets you look; a read-write ' +
          'one lets you change things.',
      ),
      button,
      h(
        'p',
        { class: 'hint' },
        'Your session stays in this browser tab only and ends when you sign out or close the tab.',
      ),
    ),
  ];
}
