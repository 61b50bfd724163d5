// @ts-check
// The console's addresses: `/` is the overview, `/sites/{siteId}/{section}` one site's page. Links inside the console
// change the address with the History API, so a page can be bookmarked, reloaded and reached with Back.

/** A site's pages, in the order the site navigation lists them. */
export const SECTIONS = /** @type {const} */ ([
  { key: 'configuration', label: 'Configuration' },
  { key: 'merchandising', label: 'Merchandising' },
  { key: 'publish', label: 'Publish' },
  { key: 'runs', label: 'Index runs' },
  { key: 'preview', label: 'Preview' },
  { key: 'analytics', label: 'Analytics' },
  { key: 'keys', label: 'Keys' },
]);

/** @typedef {(typeof SECTIONS)[number]['key']} Section */
/** @typedef {{ page: 'overview' } | { page: 'site', siteId: number, section: Section } | { page: 'not-found' }} Route */

/** @param {number} siteId @param {Section} section */
export const sitePath = (siteId, section) => `/sites/${siteId}/${section}`;

/**
 * @param {string} pathname
 * @returns {Route}
 */
export function routeOf(pathname) {
  if (pathname === '/' || pathname === '') return { page: 'overview' };
  const match = /^\/sites\/([1-9]\d{0,9})(?:\/([a-z-]+))?\/?$/.exec(pathname);
  const section = match && SECTIONS.find((s) => s.key === (match[2] ?? 'configuration'));
  return match && section ? { page: 'site', siteId: Number(match[1]), section: section.key } : { page: 'not-found' };
}

/**
 * Follows clicks on the console's own links without reloading the page (a new tab or window still opens as usual),
 * and Back and Forward; `show` draws the page for the new address.
 * @param {(route: Route) => void} show
 * @returns {(path: string) => void} navigate: goes to `path` as a link would
 */
export function followLinks(show) {
  const navigate = (/** @type {string} */ path) => {
    if (path !== location.pathname + location.search) history.pushState(null, '', path);
    show(routeOf(location.pathname));
  };
  document.addEventListener('click', (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (
      !(link instanceof HTMLAnchorElement) ||
      link.origin !== location.origin ||
      link.target !== '' ||
      link.hasAttribute('download')
    )
      return;
    if (link.pathname === location.pathname && link.hash !== '') return; // the skip link and other in-page anchors
    event.preventDefault();
    navigate(link.pathname + link.search);
  });
  window.addEventListener('popstate', () => show(routeOf(location.pathname)));
  return navigate;
}
