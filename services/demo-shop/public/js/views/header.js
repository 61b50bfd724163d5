// @ts-check
import { h } from '../dom.js';
import { countryName, t } from '../i18n.js';
import { icon } from '../icons.js';
import { searchBox } from './suggest.js';

/** @typedef {import('../app.js').App} App */

/**
 * The shop's header: logo, search with suggestions, the market (ship-to country and currency), the cart with
 * its count, and the collections as navigation.
 * @param {App} app
 */
export function header(app) {
  const badge = h('span', { class: 'cart-count', 'aria-live': 'polite' }, String(app.cart.count));
  const showCount = () => {
    badge.textContent = String(app.cart.count);
    badge.hidden = app.cart.count === 0;
  };
  showCount();
  app.cart.addEventListener('change', showCount);
  const market = h(
    'select',
    {
      class: 'market-select',
      'aria-label': t('shipTo'),
      onchange: (/** @type {Event} */ e) => void app.setMarket(/** @type {HTMLSelectElement} */ (e.target).value),
    },
    app.site.markets.map((m) =>
      h('option', { value: m.code, selected: m.code === app.site.market }, `${countryName(m.country)} · ${m.currency}`),
    ),
  );
  const { form } = searchBox(app);
  return h(
    'header',
    { class: 'site-header' },
    h(
      'div',
      { class: 'header-bar' },
      h(
        'a',
        { class: 'logo', href: '/' },
        h('span', { class: 'logo-mark' }, 'a'),
        h('span', null, 'Aisle'),
        h('small', null, 'demo'),
      ),
      form,
      h('label', { class: 'market' }, h('span', null, t('shipTo')), market),
      h(
        'a',
        { class: 'cart-link', href: '/cart', 'aria-label': t('cart') },
        icon('cart'),
        h('span', { class: 'cart-label' }, t('cart')),
        badge,
      ),
    ),
    h('nav', { class: 'collections-nav', 'aria-label': 'Collections' }, collectionLinks(app)),
  );
}

/** @param {App} app */
function collectionLinks(app) {
  /** @type {HTMLAnchorElement[]} */
  const links = [];
  const walk = (/** @type {import('../types.js').CollectionNode[]} */ nodes) => {
    for (const node of nodes) {
      links.push(
        h(
          'a',
          { href: `/k/${node.path.split('/').map(encodeURIComponent).join('/')}`, dataset: { collection: node.id } },
          node.name,
        ),
      );
      walk(node.children);
    }
  };
  walk(app.collections);
  return links;
}
