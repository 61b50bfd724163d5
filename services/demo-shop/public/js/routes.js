// @ts-check
import { ApiError } from './api.js';
import { h } from './dom.js';
import { t } from './i18n.js';
import { cartView } from './views/cart.js';
import { listingView } from './views/listing.js';
import { productView } from './views/product.js';

/** @typedef {import('./app.js').App} App */

/**
 * The page for a URL: `/` and `/search` (listings), `/k/<collection path>`, `/p/<slug>`, `/cart`.
 * @param {App} app
 * @param {URL} url
 * @returns {Promise<Node>}
 */
export function route(app, url) {
  const path = url.pathname;
  if (path === '/' || path === '/search' || path.startsWith('/k/')) return listingView(app, url);
  if (path.startsWith('/p/')) return productView(app, decodeURIComponent(path.slice(3)));
  if (path === '/cart') return cartView(app);
  return Promise.resolve(
    h('div', { class: 'message' }, h('h1', null, t('notFound')), h('a', { class: 'button', href: '/' }, t('home'))),
  );
}

/**
 * What the shopper sees when a page cannot be shown: not found, the shop warming up, or the error, with a retry.
 * @param {unknown} err
 * @param {() => void} retry
 */
export function errorPage(err, retry) {
  const warming = err instanceof ApiError && (err.code === 'INDEX_UNAVAILABLE' || err.code === 'SITE_REGISTRY_WARMING');
  const notFound = err instanceof ApiError && err.status === 404;
  return h(
    'div',
    { class: 'message' },
    h('h1', null, notFound ? t('notFound') : t('somethingWrong')),
    h('p', null, warming ? t('indexWarming') : notFound ? '' : err instanceof Error ? err.message : String(err)),
    notFound
      ? h('a', { class: 'button', href: '/' }, t('home'))
      : h('button', { type: 'button', class: 'button', onclick: retry }, t('tryAgain')),
  );
}
