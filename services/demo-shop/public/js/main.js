// @ts-check
import { ApiError, StorefrontApi } from './api.js';
import { CartStore } from './cart-store.js';
import { h, replace } from './dom.js';
import { setLanguage, t } from './i18n.js';
import { setMediaConfig } from './media.js';
import { cartView } from './views/cart.js';
import { header } from './views/header.js';
import { listingView } from './views/listing.js';
import { productView } from './views/product.js';

/** @typedef {import('./app.js').App} App */

const MARKET_KEY = 'aisle-demo-market';

/**
 * The page for a URL: `/` and `/search` (listings), `/k/<collection path>`, `/p/<slug>`, `/cart`.
 * @param {App} app
 * @param {URL} url
 * @returns {Promise<Node>}
 */
function route(app, url) {
  const path = url.pathname;
  if (path === '/' || path === '/search' || path.startsWith('/k/')) return listingView(app, url);
  if (path.startsWith('/p/')) return productView(app, decodeURIComponent(path.slice(3)));
  if (path === '/cart') return cartView(app);
  return Promise.resolve(h('div', { class: 'message' }, h('h1', null, t('notFound')), h('a', { class: 'button', href: '/' }, t('home'))));
}

/**
 * @param {unknown} err
 * @param {() => void} retry
 */
function errorPage(err, retry) {
  const warming = err instanceof ApiError && (err.code === 'INDEX_UNAVAILABLE' || err.code === 'SITE_REGISTRY_WARMING');
  const notFound = err instanceof ApiError && err.status === 404;
  return h('div', { class: 'message' },
    h('h1', null, notFound ? t('notFound') : t('somethingWrong')),
    h('p', null, warming ? t('indexWarming') : notFound ? '' : err instanceof Error ? err.message : String(err)),
    notFound ? h('a', { class: 'button', href: '/' }, t('home')) : h('button', { type: 'button', class: 'button', onclick: retry }, t('tryAgain')));
}

/** @param {HTMLElement} container */
function toaster(container) {
  /** @type {App['toast']} */
  return (message, link) => {
    const toast = h('div', { class: 'toast', role: 'status' }, h('span', null, message), link && h('a', { href: link.href }, link.label));
    container.append(toast);
    setTimeout(() => toast.remove(), 4000);
  };
}

/**
 * The site as a market sees it; a market remembered from an earlier visit that the site no longer has is dropped.
 * @param {StorefrontApi} api
 */
async function loadSite(api) {
  try {
    return await api.site();
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'MARKET_UNKNOWN') throw err;
    api.market = null;
    localStorage.removeItem(MARKET_KEY);
    return api.site();
  }
}

async function boot() {
  const shell = /** @type {HTMLElement} */ (document.getElementById('app'));
  const config = /** @type {import('./types.js').ShopConfig} */ (await (await fetch('/config.json')).json());
  const api = new StorefrontApi(config.apiBaseUrl, config.siteKey);
  api.market = localStorage.getItem(MARKET_KEY);
  const cart = new CartStore(api);
  const main = h('main', { id: 'main' });
  const toasts = h('div', { class: 'toasts' });
  const top = h('div');
  let rendering = 0;
  /** @type {Promise<import('./types.js').Facet[]> | null} */
  let facets = null;

  /** @type {App} */
  const app = {
    api, cart, site: await loadSite(api), collections: [], swatches: new Map(), toast: toaster(toasts),
    // The site's facets (labels, swatch colours) for pages that show no listing: asked once per market.
    facets: () => {
      facets ??= api.products(new URLSearchParams({ pageSize: '1' })).then((l) => l.facets, () => []);
      return facets;
    },
    navigate: (url, options = {}) => {
      history[options.replace ? 'replaceState' : 'pushState'](null, '', url);
      void render(options.keepScroll ?? false);
    },
    setMarket: async (code) => {
      localStorage.setItem(MARKET_KEY, code);
      api.market = code;
      await useSite(await api.site());
      await cart.changeMarket(code);
      await render(true, history.state);
      const currency = app.site.markets.find((m) => m.code === code)?.currency;
      if (currency) app.toast(t('marketChanged', { currency }));
    },
  };

  /** @param {import('./types.js').Site} answer */
  const useSite = async (answer) => {
    // The market's own language, not the browser's: a browser sends its Accept-Language on every call otherwise.
    const language = answer.markets.find((m) => m.code === answer.market)?.language ?? answer.language;
    api.market = answer.market;
    api.language = language;
    const site = answer.language === language ? answer : await api.site();
    app.site = site;
    facets = null;
    setLanguage(site.language);
    setMediaConfig(site.media);
    app.collections = (await api.collections()).items;
    replace(top, header(app));
  };

  /**
   * @param {boolean} keepScroll
   * @param {unknown} [state] kept across a market change, so the page asks for the same product or collection by id
   */
  const render = async (keepScroll, state = null) => {
    const mine = ++rendering;
    main.setAttribute('aria-busy', 'true');
    if (state !== null) history.replaceState(state, '');
    let page;
    try {
      page = await route(app, new URL(location.href));
    } catch (err) {
      page = errorPage(err, () => void render(false));
    }
    if (mine !== rendering) return;
    if (!location.pathname.startsWith('/p/')) document.title = `${app.site.site.name}`;
    replace(main, page);
    for (const link of top.querySelectorAll('.collections-nav a')) {
      if (link instanceof HTMLAnchorElement) link.setAttribute('aria-current', String(link.pathname === location.pathname));
    }
    main.removeAttribute('aria-busy');
    if (!keepScroll) window.scrollTo({ top: 0 });
  };

  await useSite(app.site);
  await cart.load().catch(() => undefined);
  if (cart.cart !== null && cart.cart.market !== app.site.market) await cart.changeMarket(app.site.market);
  replace(shell, top, main, toasts);
  addEventListener('popstate', () => void render(true));
  document.addEventListener('click', (e) => {
    const link = /** @type {Element} */ (e.target).closest('a');
    if (!link || link.origin !== location.origin || link.target || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    app.navigate(link.pathname + link.search);
  });
  await render(false);
}

boot().catch((err) => {
  const shell = document.getElementById('app');
  if (shell) replace(shell, errorPage(err, () => location.reload()));
});
