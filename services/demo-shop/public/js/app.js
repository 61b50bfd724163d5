// @ts-check
// What every view gets: the API client, the site as the current market sees it, the cart, and navigation.

/**
 * @typedef {{
 *   api: import('./api.js').StorefrontApi,
 *   site: import('./types.js').Site,
 *   cart: import('./cart-store.js').CartStore,
 *   collections: import('./types.js').CollectionNode[],
 *   swatches: Map<string, string>,
 *   facets: () => Promise<import('./types.js').Facet[]>,
 *   navigate: (url: string, options?: { replace?: boolean, keepScroll?: boolean }) => void,
 *   setMarket: (code: string) => Promise<void>,
 *   toast: (message: string, link?: { href: string, label: string }) => void,
 * }} App
 */

export {};
