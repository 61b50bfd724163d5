// @ts-check
// The Keys page: the site's storefront API keys, creating one (its raw value shown once) and revoking one (at once,
// after a confirmation). Read-only sessions see the list only. Its parts are in ./keys/.
import { ApiError } from '../api.js';
import { h, replace } from '../dom.js';
import { statusLine } from '../forms.js';
import { sitePath } from '../router.js';
import { notice } from './layout.js';
import { keyTable } from './keys/key-table.js';
import { keyName, KINDS } from './keys/key-words.js';
import { createKeyForm, newKeyPanel } from './keys/new-key.js';
import { confirmRevoke } from './keys/revoke-dialog.js';

/** @typedef {import('./keys/key-words.js').SiteKey} SiteKey */

/** What the kinds are for, and when a key answers: new keys with the next publish, revocation at once. */
const intro = (/** @type {number} */ siteId) =>
  h(
    'div',
    { class: 'keys-intro' },
    h(
      'p',
      null,
      'Storefronts call the storefront API with one of these keys in the ',
      h('code', null, 'X-Site-Key'),
      ' header. A new key starts working when the site is next ',
      h('a', { href: sitePath(siteId, 'publish') }, 'published'),
      '; revoking a key stops it at once.',
    ),
    h(
      'ul',
      { class: 'key-kinds' },
      KINDS.map((k) => h('li', null, h('strong', null, k.label), ' ', h('code', null, `${k.prefix}…`), ` ${k.use}.`)),
    ),
  );

/**
 * @param {HTMLElement} region
 * @param {import('./site-page.js').SitePageContext} ctx
 */
export async function showKeys(region, ctx) {
  const { api, site, canWrite, signal } = ctx;
  const siteId = site.siteId;
  const listBody = h('div', { class: 'keys-list' });
  const created = h('div', { class: 'new-key-slot' });
  const status = statusLine();
  const listTitle = h('h2', { id: 'keys-title', tabindex: '-1' }, 'Keys');

  const load = async () => {
    listBody.setAttribute('aria-busy', 'true');
    try {
      const { keys } = /** @type {{ keys: SiteKey[] }} */ (await api.get(`/storefront/sites/${siteId}/keys`, signal));
      if (!signal.aborted) replace(listBody, keyTable(keys, { siteId, onRevoke: canWrite ? revoke : null }));
    } catch (err) {
      if (!signal.aborted)
        replace(
          listBody,
          notice(
            `The keys could not be loaded: ` +
              `${err instanceof ApiError || err instanceof TypeError ? err.message : 'something went wrong.'}`,
            'alert',
          ),
        );
    } finally {
      listBody.removeAttribute('aria-busy');
    }
  };

  /** @param {SiteKey} key */
  function revoke(key) {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    confirmRevoke(key, {
      opener,
      revoke: async () => {
        await api.request('DELETE', `/storefront/sites/${siteId}/keys/${key.id}`);
        await load();
        status.say(`“${keyName(key)}” is revoked: storefronts using it are refused from now on.`);
        listTitle.focus();
      },
    });
  }

  const form = canWrite
    ? createKeyForm({
        api,
        siteId,
        onCreated: (key) => {
          const panel = newKeyPanel({
            created: key,
            publishedVersion: site.publishedVersion,
            onClose: () => {
              replace(created);
              status.say('The new key is hidden; it is not shown again.');
              listTitle.focus();
            },
          });
          replace(created, panel);
          panel.focus();
          void load();
        },
      })
    : notice('Creating and revoking keys needs read-write access: this session is read-only.');

  replace(
    region,
    h(
      'section',
      { class: 'keys-about', 'aria-labelledby': 'keys-about-title' },
      h('h2', { id: 'keys-about-title', class: 'visually-hidden' }, 'About storefront keys'),
      intro(siteId),
    ),
    created,
    h('div', { class: 'keys-create-part' }, form),
    h('section', { class: 'keys-table-part', 'aria-labelledby': 'keys-title' }, listTitle, status.element, listBody),
  );
  replace(listBody, notice('Loading the keys…'));
  await load();
}
