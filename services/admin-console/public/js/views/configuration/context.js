// @ts-check
// What the configuration page's sections share: the API, the site's draft as last read, and the way to say that a
// change is in the draft (and where it goes live).
import { h, replace } from '../../dom.js';
import { sitePath } from '../../router.js';

/** @typedef {import('../../types.js').SiteConfig} SiteConfig */

/**
 * @typedef {{
 *   api: import('../../api.js').AdminApi, siteId: number, canWrite: boolean, signal: AbortSignal,
 *   draft: SiteConfig, publishedVersion: number | null, base: string, publishHref: string,
 *   reload: () => Promise<void>,
 * }} ConfigContext
 * `base` is the site's path in the admin API; `reload` reads the draft again into `draft`.
 */

/**
 * @param {import('../site-page.js').SitePageContext} ctx
 * @returns {ConfigContext}
 */
export function configContext({ api, site, canWrite, signal }) {
  /** @type {ConfigContext} */
  const cc = {
    api,
    siteId: site.siteId,
    canWrite,
    signal,
    draft: site.draft,
    publishedVersion: site.publishedVersion,
    base: `/storefront/sites/${site.siteId}`,
    publishHref: sitePath(site.siteId, 'publish'),
    reload: async () => {
      /** @type {import('../../types.js').SiteDetail} */
      const fresh = await api.get(cc.base, signal);
      cc.draft = fresh.draft;
      cc.publishedVersion = fresh.publishedVersion;
    },
  };
  return cc;
}

/** Curly quotes around a name from configuration (still text: the caller passes it through h()). @param {string} name */
export const quoted = (name) => `“${name}”`;

/** A place to say what the last change did; focusable, so focus can land there when the form it replaces closes. */
export const changeStatus = () => h('div', { class: 'cfg-status', role: 'status', tabindex: '-1' });

/**
 * Says a change is in the draft, with the way to the Publish tab, and moves focus there (the form is gone).
 * @param {HTMLElement} status
 * @param {ConfigContext} cc
 * @param {string} what e.g. `Facet “colour” saved in the draft.`
 */
export function sayInDraft(status, cc, what) {
  status.classList.remove('cfg-failed');
  status.classList.add('cfg-done');
  replace(
    status,
    h(
      'p',
      null,
      `${what} It goes live when the draft is published: `,
      h('a', { href: cc.publishHref }, 'review and publish the draft'),
      '.',
    ),
  );
  status.focus();
}

/**
 * Says something went wrong after a change (the change itself may have been made).
 * @param {HTMLElement} status
 * @param {string} text
 */
export function sayProblem(status, text) {
  status.classList.remove('cfg-done');
  status.classList.add('cfg-failed');
  replace(status, h('p', null, text));
  status.focus();
}

/** Clears the status line (a new edit starts). @param {HTMLElement} status */
export function clearStatus(status) {
  status.classList.remove('cfg-done', 'cfg-failed');
  status.replaceChildren();
}

/**
 * The control of a form field by its API path.
 * @param {ParentNode} form
 * @param {string} path
 * @returns {HTMLInputElement} (a select or textarea reads the same: value, and checked for checkboxes)
 */
export const control = (form, path) => {
  const found = form.querySelector(`[data-path="${CSS.escape(path)}"]`);
  if (found === null) throw new Error(`The form has no field ${path}.`);
  return /** @type {HTMLInputElement} */ (found);
};

/** @param {ParentNode} form @param {string} path */
export const valueAt = (form, path) => control(form, path).value;

/** @param {ParentNode} form @param {string} path */
export const checkedAt = (form, path) => control(form, path).checked;
