import type { Knex } from '../../../shared/db/knex';
import { AppError } from '../../../shared/errors';
import type { Market } from '../../../shared/storefront-config/schemas';
import type { SiteContext } from '../keys/site-context';
import type { CategoryTrees } from '../products/category-trees';
import { resolveSkus, type ResolvedSku } from './cart-catalogue';
import type { CartStore, MutationResult, StoredCart } from './cart-store';
import { cartView, reconcile, type CartView, type CartWarning } from './cart-view';

/** SKUs already resolved on one market during this request. */
export type KnownSkus = { market: string; skus: ReadonlyMap<string, ResolvedSku | null> };

export interface RenderOptions {
  /** Write back the drops and cuts the catalogue now calls for. */
  persist: boolean;
  /** Warnings of the change itself (lines a market change dropped), before the read's own. */
  warnings?: CartWarning[];
  known?: KnownSkus;
}

export const cartExpired = () => new AppError(410, 'CART_EXPIRED', 'This cart has expired, was checked out or does not exist; create a new one.');

const ERRORS = {
  CONFLICT: [409, 'CART_CONFLICT', 'If-Match does not name the current version; the current cart is under `cart`.'],
  STOCK: [409, 'STOCK_INSUFFICIENT', 'The quantity exceeds the stock available; the current cart is under `cart`.'],
  FULL: [400, 'CART_FULL', 'A cart holds at most 50 distinct lines; top up an existing line instead.'],
  LINE: [404, 'NOT_FOUND', 'The cart has no such line.'],
  REUSED: [422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request body.'],
  MARKET: [409, 'CART_CONFLICT', 'The cart changed market while the line was added; retry.'],
} as const;

/** Reads carts against the catalogue, and turns the store's answers into the spec's answers and errors. */
export class CartService {
  constructor(private readonly db: Knex, private readonly trees: CategoryTrees, readonly store: CartStore) {}

  /** The cart's market as configured now; the default market when the cart's one was removed. */
  marketOf(ctx: SiteContext, code: string): Market {
    return ctx.catalogue.markets.find((m) => m.code === code) ?? ctx.catalogue.defaultMarket ?? ctx.market;
  }

  resolve(ctx: SiteContext, market: Market, skus: readonly string[]) {
    return resolveSkus(this.db, this.trees, ctx, market, skus);
  }

  async load(ctx: SiteContext, token: string): Promise<StoredCart> {
    const cart = await this.store.get(token, ctx.key.siteId);
    if (cart === null) throw cartExpired();
    return cart;
  }

  /**
   * The whole cart as the catalogue shows it now. With `persist`, lines gone or over stock are dropped or cut in
   * Redis too (a clean-up: the version moves, the expiry window does not), so each warning is given once.
   */
  async render(ctx: SiteContext, token: string, stored: StoredCart, options: RenderOptions): Promise<CartView> {
    const market = this.marketOf(ctx, stored.market);
    const resolved = await this.resolveWith(ctx, market, stored.lines.map((l) => l.sku), options.known);
    const seen = reconcile(stored.lines, resolved);
    let cart = stored;
    if (options.persist && seen.fix !== null) {
      const fixed = await this.store.mutate(token, { site: ctx.key.siteId, expected: stored.v, change: { t: 'fix', ...seen.fix }, touch: false });
      // A concurrent write won: this answer shows the lines it saw, and the next read cleans up.
      if (fixed.kind === 'ok') cart = fixed.cart;
    }
    return cartView(token, cart, market.currency, seen.lines, [...(options.warnings ?? []), ...seen.warnings]);
  }

  /** The SKUs on `market`, reusing what this request already resolved there (one catalogue read per answer). */
  async resolveWith(ctx: SiteContext, market: Market, skus: readonly string[], known?: KnownSkus): Promise<Map<string, ResolvedSku | null>> {
    const reuse = known !== undefined && known.market === market.code ? known.skus : new Map<string, ResolvedSku | null>();
    const missing = skus.filter((sku) => !reuse.has(sku));
    const fresh = missing.length === 0 ? new Map<string, ResolvedSku | null>() : await this.resolve(ctx, market, missing);
    return new Map(skus.map((sku) => [sku, reuse.get(sku) ?? fresh.get(sku) ?? null]));
  }

  /** The successful cart of a mutation, or the spec's error (with the current cart where the spec puts one). */
  async outcome(ctx: SiteContext, token: string, result: MutationResult, options: Omit<RenderOptions, 'persist'> = {}): Promise<CartView> {
    if (result.kind === 'ok') return this.render(ctx, token, result.cart, { ...options, persist: true });
    if (result.kind === 'replay') return this.render(ctx, token, result.cart, { known: options.known, persist: false });
    if (result.error === 'EXPIRED') throw cartExpired();
    const [status, code, message] = ERRORS[result.error];
    const withCart = status === 409 ? { cart: await this.render(ctx, token, result.cart, { known: options.known, persist: false }) } : {};
    throw new AppError(status, code, message, withCart);
  }
}
