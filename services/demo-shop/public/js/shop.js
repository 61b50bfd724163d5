// @ts-check
import { h, replace } from './dom.js';
import { setLanguage, t } from './i18n.js';
import { setMediaConfig } from './media.js';
import { errorPage, route } from './routes.js';
import { header } from './views/header.js';

/** @typedef {import('./types.js').Site} Site */
/** @typedef {import('./types.js').Facet} Facet */
/** @typedef {import('./app.js').App} App */

export const MARKET_KEY = 'aisle-demo-market';

/**
 * The running shop (the App every view gets): the site as the current market sees it, its header, and the page
 * shown under it, drawn again on each navigation and market change.
 * @implements {App}
 */
export class Shop {
  /**
   * @param {import('./api.js').StorefrontApi} api
   * @param {import('./cart-store.js').CartStore} cart
   * @param {Site} site
   * @param {{ top: HTMLElement, main: HTMLElement, toasts: HTMLElement }} parts
   */
  constructor(api, cart, site, parts) {
    this.api = api;
    this.cart = cart;
    this.site = site;
    this.parts = parts;
    /** @type {import('./types.js').CollectionNode[]} */
    this.collections = [];
    /** @type {Map<string, string>} colours of swatch values, by label */
    this.swatches = new Map();
    /** @type {Promise<Facet[]> | null} */
    this.facetList = null;
    this.rendering = 0;
  }

  /** The site's facets (labels, swatch colours) for pages that show no listing: asked once per market. */
  facets() {
    this.facetList ??= this.api.products(new URLSearchParams({ pageSize: '1' })).then(
      (l) => l.facets,
      () => [],
    );
    return this.facetList;
  }

  /**
   * @param {string} url
   * @param {{ replace?: boolean, keepScroll?: boolean }} [options]
   */
  navigate(url, options = {}) {
    history[options.replace ? 'replaceState' : 'pushState'](null, '', url);
    void this.render(options.keepScroll ?? false);
  }

  /** @param {string} code */
  async setMarket(code) {
    localStorage.setItem(MARKET_KEY, code);
    this.api.market = code;
    await this.useSite(await this.api.site());
    await this.cart.changeMarket(code);
    await this.render(true, history.state);
    const currency = this.site.markets.find((m) => m.code === code)?.currency;
    if (currency) this.toast(t('marketChanged', { currency }));
  }

  /**
   * Takes the site as a market answered it, in that market's own language (a browser would otherwise send its
   * Accept-Language on every call), with its collections and a header in that language.
   * @param {Site} answer
   */
  async useSite(answer) {
    const language = answer.markets.find((m) => m.code === answer.market)?.language ?? answer.language;
    this.api.market = answer.market;
    this.api.language = language;
    this.site = answer.language === language ? answer : await this.api.site();
    this.facetList = null;
    setLanguage(this.site.language);
    setMediaConfig(this.site.media);
    this.collections = (await this.api.collections()).items;
    replace(this.parts.top, header(this));
  }

  /**
   * Draws the page for the current URL; an older drawing that finishes late is dropped.
   * @param {boolean} keepScroll
   * @param {unknown} [state] kept across a market change, so the page asks for the same product or collection by id
   */
  async render(keepScroll, state = null) {
    const mine = ++this.rendering;
    const { main, top } = this.parts;
    main.setAttribute('aria-busy', 'true');
    if (state !== null) history.replaceState(state, '');
    let page;
    try {
      page = await route(this, new URL(location.href));
    } catch (err) {
      page = errorPage(err, () => void this.render(false));
    }
    if (mine !== this.rendering) return;
    if (!location.pathname.startsWith('/p/')) document.title = this.site.site.name;
    replace(main, page);
    // The search box shows the search being looked at, and is empty elsewhere.
    const box = top.querySelector('.search input');
    if (box instanceof HTMLInputElement && document.activeElement !== box)
      box.value = location.pathname === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
    for (const link of top.querySelectorAll('.collections-nav a')) {
      if (link instanceof HTMLAnchorElement)
        link.setAttribute('aria-current', String(link.pathname === location.pathname));
    }
    main.removeAttribute('aria-busy');
    if (!keepScroll) window.scrollTo({ top: 0 });
  }

  /**
   * @param {string} message
   * @param {{ href: string, label: string }} [link]
   */
  toast(message, link) {
    const toast = h(
      'div',
      { class: 'toast', role: 'status' },
      h('span', null, message),
      link && h('a', { href: link.href }, link.label),
    );
    this.parts.toasts.append(toast);
    setTimeout(() => toast.remove(), 4000);
  }
}
