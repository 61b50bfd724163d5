// @ts-check
import { ApiError, StorefrontApi } from './api.js';
import { CartStore } from './cart-store.js';
import { h, replace } from './dom.js';
import { errorPage } from './routes.js';
import { MARKET_KEY, Shop } from './shop.js';

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

/** Links inside the shop navigate without reloading the page (a new tab, a download or another site still do). */
function followLinks(/** @type {Shop} */ shop) {
  document.addEventListener('click', (e) => {
    const link = /** @type {Element} */ (e.target).closest('a');
    if (
      !link ||
      link.origin !== location.origin ||
      link.target ||
      e.defaultPrevented ||
      e.button !== 0 ||
      e.metaKey ||
      e.ctrlKey ||
      e.shiftKey ||
      e.altKey
    )
      return;
    e.preventDefault();
    shop.navigate(link.pathname + link.search);
  });
  addEventListener('popstate', () => void shop.render(true));
}

async function boot() {
  const shell = /** @type {HTMLElement} */ (document.getElementById('app'));
  const config = /** @type {import('./types.js').ShopConfig} */ (await (await fetch('/config.json')).json());
  const api = new StorefrontApi(config.apiBaseUrl, config.siteKey);
  api.market = localStorage.getItem(MARKET_KEY);
  const cart = new CartStore(api);
  const parts = { top: h('div'), main: h('main', { id: 'main' }), toasts: h('div', { class: 'toasts' }) };
  const shop = new Shop(api, cart, await loadSite(api), parts);
  await shop.useSite(shop.site);
  await cart.load().catch(() => undefined);
  // A cart kept from another visit follows the market the shopper has now.
  if (cart.cart !== null && cart.cart.market !== shop.site.market) await cart.changeMarket(shop.site.market);
  replace(shell, parts.top, parts.main, parts.toasts);
  followLinks(shop);
  await shop.render(false);
}

boot().catch((err) => {
  const shell = document.getElementById('app');
  if (shell)
    replace(
      shell,
      errorPage(err, () => location.reload()),
    );
});
