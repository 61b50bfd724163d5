// @ts-check
import { ApiError } from './api.js';

/** @typedef {import('./types.js').Cart} Cart */
/** @typedef {import('./types.js').CartLine} CartLine */
/** @typedef {{ code: string, name: string }} CartNotice */

const TOKEN_KEY = 'aisle-demo-cart';

/**
 * The shopper's cart: its token kept in localStorage (the API wants it in the X-Cart-Token header, never in a
 * URL), every answer the whole cart. Fires `change` after each answer; `notices` are the warnings of the last
 * answer, with the names of the lines they are about (a dropped line is named from the cart before).
 */
export class CartStore extends EventTarget {
  /** @param {import('./api.js').StorefrontApi} api */
  constructor(api) {
    super();
    this.api = api;
    /** @type {Cart | null} */
    this.cart = null;
    /** @type {CartNotice[]} */
    this.notices = [];
  }

  get token() {
    return localStorage.getItem(TOKEN_KEY);
  }

  get count() {
    return (this.cart?.lines ?? []).reduce((sum, line) => sum + line.quantity, 0);
  }

  /** Loads the saved cart, if any; a lapsed or unknown one is forgotten. */
  async load() {
    if (this.token === null) return;
    try {
      this.accept(await this.call('GET', '/v1/cart'));
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      localStorage.removeItem(TOKEN_KEY);
    }
  }

  /**
   * @param {string} sku
   * @param {number} quantity
   */
  async add(sku, quantity) {
    if (this.token === null) await this.create();
    // A retry of the same click must not add the line twice.
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    try {
      return this.accept(await this.call('POST', '/v1/cart/lines', { sku, quantity }, headers));
    } catch (err) {
      if (!(err instanceof ApiError) || err.code !== 'CART_EXPIRED') throw err;
      await this.create();
      this.accept(await this.call('POST', '/v1/cart/lines', { sku, quantity }, headers));
      this.notices.push({ code: 'CART_EXPIRED', name: '' });
      return this.cart;
    }
  }

  /**
   * @param {string} lineId
   * @param {number} quantity
   */
  setQuantity(lineId, quantity) {
    return this.mutate('PATCH', `/v1/cart/lines/${encodeURIComponent(lineId)}`, { quantity });
  }

  /** @param {string} lineId */
  remove(lineId) {
    return this.mutate('DELETE', `/v1/cart/lines/${encodeURIComponent(lineId)}`);
  }

  /** @param {string} market */
  async changeMarket(market) {
    if (this.cart === null || this.cart.market === market) return this.cart;
    return this.mutate('POST', '/v1/cart/market', { market });
  }

  async create() {
    const cart = /** @type {Cart} */ (await this.api.request('POST', '/v1/cart'));
    localStorage.setItem(TOKEN_KEY, cart.token);
    this.cart = cart;
  }

  /**
   * A change to the cart as the shopper last saw it (If-Match: its version), so a change made meanwhile in
   * another tab is not overwritten blindly. A conflict or a stock shortage still answers the current cart.
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   */
  async mutate(method, path, body) {
    /** @type {Record<string, string>} */
    const version = this.cart === null ? {} : { 'If-Match': `"${this.cart.version}"` };
    try {
      return this.accept(await this.call(method, path, body, version));
    } catch (err) {
      const current = err instanceof ApiError ? /** @type {Cart | undefined} */ (err.problem.cart) : undefined;
      if (current !== undefined) this.accept(current);
      throw err;
    }
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   * @param {Record<string, string>} [headers]
   */
  async call(method, path, body, headers = {}) {
    const token = this.token;
    if (token === null) throw new Error('no cart yet');
    return /** @type {Cart} */ (await this.api.request(method, path, body, { ...headers, 'X-Cart-Token': token }));
  }

  /** @param {Cart} cart */
  accept(cart) {
    const before = new Map((this.cart?.lines ?? []).map((line) => [line.id, line.product.name]));
    const now = new Map(cart.lines.map((line) => [line.id, line.product.name]));
    this.notices = cart.warnings.map((w) => ({
      code: w.code,
      name: (w.lineId && (now.get(w.lineId) ?? before.get(w.lineId))) || '',
    }));
    this.cart = cart;
    this.dispatchEvent(new Event('change'));
    return cart;
  }
}
