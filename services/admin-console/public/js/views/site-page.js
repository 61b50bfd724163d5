// @ts-check
import { ApiError } from '../api.js';
import { h, replace } from '../dom.js';
import { SECTIONS, sitePath } from '../router.js';
import { notice } from './layout.js';
import { showAnalytics } from './analytics.js';
import { showConfiguration } from './configuration.js';
import { showKeys } from './keys.js';
import { showMerchandising } from './merchandising.js';
import { showPreview } from './preview.js';
import { showPublish } from './publish.js';
import { showRuns } from './runs.js';

/** @typedef {import('../types.js').SiteDetail} SiteDetail */
/** @typedef {import('../router.js').Section} Section */

/**
 * What a site's page is given: the API, the site as it stood when the page opened, whether the token may write,
 * a signal that aborts when the person leaves the page (stop polling, drop late answers), and `navigate`.
 * @typedef {{
 *   api: import('../api.js').AdminApi, site: SiteDetail, canWrite: boolean, signal: AbortSignal,
 *   navigate: (path: string) => void,
 * }} SitePageContext
 */

/** @type {Record<Section, (region: HTMLElement, ctx: SitePageContext) => Promise<void>>} */
const PAGES = {
  configuration: showConfiguration,
  merchandising: showMerchandising,
  publish: showPublish,
  runs: showRuns,
  preview: showPreview,
  analytics: showAnalytics,
  keys: showKeys,
};

/**
 * The tabs of one site's pages, the current one marked.
 * @param {number} siteId
 * @param {Section} current
 */
const siteNav = (siteId, current) =>
  h(
    'nav',
    { class: 'site-nav', 'aria-label': 'Site pages' },
    h(
      'ul',
      null,
      SECTIONS.map((s) =>
        h(
          'li',
          null,
          h('a', { href: sitePath(siteId, s.key), 'aria-current': s.key === current ? 'page' : null }, s.label),
        ),
      ),
    ),
  );

/**
 * One site's page: its name (the h1), the site navigation, and the section's content below it (headed by h2s).
 * @param {HTMLElement} main
 * @param {{ api: import('../api.js').AdminApi, siteId: number, section: Section, canWrite: boolean, signal: AbortSignal, navigate: (path: string) => void }} options
 */
export async function showSitePage(main, { api, siteId, section, canWrite, signal, navigate }) {
  replace(main, notice('Loading the site…'));
  /** @type {SiteDetail} */
  let site;
  try {
    site = await api.get(`/storefront/sites/${siteId}`, signal);
  } catch (err) {
    if (signal.aborted) return;
    const text =
      err instanceof ApiError && err.status === 404
        ? 'This site does not exist, or it belongs to another tenant.'
        : `The site could not be loaded: ${err instanceof Error ? err.message : String(err)}`;
    return replace(
      main,
      h('h1', null, 'Site not found'),
      notice(text, 'alert'),
      h('p', null, h('a', { href: '/' }, 'Back to the sites')),
    );
  }
  const label = SECTIONS.find((s) => s.key === section)?.label ?? section;
  document.title = `${label} · ${site.draft.site.name} · Aisle admin`;
  const region = h('div', { class: 'region' });
  replace(
    main,
    h('p', { class: 'breadcrumb' }, h('a', { href: '/' }, 'All sites')),
    h(
      'div',
      { class: 'page-head' },
      h('h1', null, site.draft.site.name, ' ', h('code', { class: 'heading-code' }, site.draft.site.code)),
    ),
    siteNav(siteId, section),
    region,
  );
  await PAGES[section](region, { api, site, canWrite, signal, navigate });
}
