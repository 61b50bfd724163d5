// @ts-check
import { ApiError } from '../api.js';
import { h, replace } from '../dom.js';
import { money, t } from '../i18n.js';
import { icon } from '../icons.js';
import { picture } from '../media.js';
import { axisLabeller } from '../option-labels.js';

/** @typedef {import('../app.js').App} App */
/** @typedef {import('../types.js').CartLine} CartLine */
/** @typedef {import('../cart-store.js').CartNotice} CartNotice */

/** @type {Record<string, import('../i18n.js').StringKey>} */
const NOTICE_TEXT = {
  PRODUCT_GONE: 'gone',
  QUANTITY_REDUCED: 'reduced',
  PRICE_CHANGED: 'priceChanged',
  CART_EXPIRED: 'cartExpired',
};

/**
 * The cart page: each line with its quantity to change or remove, the totals, and the warnings of the last
 * answer (a line dropped on a market change, a quantity cut to stock, a changed price). Re-renders itself on
 * every cart change, including a market change from the header.
 * @param {App} app
 */
export async function cartView(app) {
  const root = h('div', { class: 'cart-page' });
  const axisLabel = await axisLabeller(app);
  /** @type {string | null} */
  let problem = null;
  const render = () => {
    const cart = app.cart.cart;
    const notices = app.cart.notices.map((n) => noticeText(n)).filter((text) => text !== null);
    if (problem !== null) notices.push(problem);
    replace(
      root,
      h('h1', null, t('yourCart')),
      notices.length > 0 &&
        h(
          'div',
          { class: 'notices', role: 'status' },
          notices.map((text) => h('p', { class: 'notice' }, text)),
        ),
      cart === null || cart.lines.length === 0
        ? h(
            'div',
            { class: 'empty-cart' },
            h('p', null, t('emptyCart')),
            h('a', { class: 'button button-primary', href: '/' }, t('continueShopping')),
          )
        : h(
            'div',
            { class: 'cart-layout' },
            h(
              'ul',
              { class: 'cart-lines' },
              cart.lines.map((line) => lineRow(app, line, change, axisLabel)),
            ),
            h(
              'aside',
              { class: 'cart-summary' },
              h(
                'dl',
                null,
                h('dt', null, t('subtotal')),
                h('dd', { class: 'cart-subtotal' }, money(cart.subtotalInc, cart.currency)),
                h('dt', { class: 'total' }, t('total')),
                h('dd', { class: 'total cart-total' }, money(cart.grandTotalInc, cart.currency)),
              ),
              h('p', { class: 'vat-note' }, t('vatIncluded')),
              h('button', { type: 'button', class: 'button button-primary', disabled: true }, t('checkout')),
              h('p', { class: 'vat-note' }, t('noCheckout')),
            ),
          ),
    );
  };
  /** Runs a cart change; a refusal that carries the cart (stock, conflict) still shows the cart it answered. */
  const change = async (/** @type {() => Promise<unknown>} */ action) => {
    problem = null;
    try {
      await action();
    } catch (err) {
      problem =
        err instanceof ApiError && err.code === 'STOCK_INSUFFICIENT'
          ? t('notEnoughStock')
          : err instanceof Error
            ? err.message
            : t('somethingWrong');
      render();
    }
  };
  // The page listens while it is shown; once the shopper has left, the next change ends the listening.
  const onChange = () => (root.isConnected ? render() : app.cart.removeEventListener('change', onChange));
  app.cart.addEventListener('change', onChange);
  render();
  return root;
}

/** @param {CartNotice} n */
function noticeText(n) {
  const key = NOTICE_TEXT[n.code];
  return key === undefined ? null : t(key, { name: n.name });
}

/**
 * @param {App} app
 * @param {CartLine} line
 * @param {(action: () => Promise<unknown>) => Promise<void>} change
 * @param {(axis: string) => string} axisLabel
 */
function lineRow(app, line, change, axisLabel) {
  const options = Object.entries(line.variant.selectedOptions)
    .map(([axis, value]) => `${axisLabel(axis)}: ${value}`)
    .join(' · ');
  const set = (/** @type {number} */ quantity) =>
    change(() => (quantity < 1 ? app.cart.remove(line.id) : app.cart.setQuantity(line.id, quantity)));
  const input = h('input', {
    type: 'number',
    min: '1',
    value: String(line.quantity),
    class: 'qty-input',
    'aria-label': t('quantity'),
    onchange: (/** @type {Event} */ e) =>
      void set(Math.floor(Number(/** @type {HTMLInputElement} */ (e.target).value) || 0)),
  });
  const total = ((Math.round(Number(line.price.amount) * 100) * line.quantity) / 100).toFixed(2);
  return h(
    'li',
    { class: 'cart-line', dataset: { line: line.id, sku: line.sku } },
    h(
      'a',
      { href: `/p/${encodeURIComponent(line.product.slug)}`, class: 'cart-thumb' },
      picture(line.image, { sizes: '96px', alt: line.product.name, language: app.site.language }),
    ),
    h(
      'div',
      { class: 'cart-line-info' },
      h('a', { href: `/p/${encodeURIComponent(line.product.slug)}`, class: 'cart-line-name' }, line.product.name),
      options && h('span', { class: 'cart-line-options' }, options),
      h('span', { class: 'cart-line-unit' }, t('each', { price: money(line.price.amount, line.price.currency) })),
    ),
    h(
      'div',
      { class: 'stepper' },
      h(
        'button',
        { type: 'button', 'aria-label': t('decrease'), onclick: () => void set(line.quantity - 1) },
        icon('minus'),
      ),
      input,
      h(
        'button',
        { type: 'button', 'aria-label': t('increase'), onclick: () => void set(line.quantity + 1) },
        icon('plus'),
      ),
    ),
    h('span', { class: 'cart-line-total' }, money(total, line.price.currency)),
    h(
      'button',
      { type: 'button', class: 'link-button remove', onclick: () => void change(() => app.cart.remove(line.id)) },
      t('remove'),
    ),
  );
}
