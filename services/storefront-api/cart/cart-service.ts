import { createHash } from 'node:crypto';
import { AppError, badRequest } from '../../../shared/errors';
import type { Market } from '../../../shared/storefront-config/schemas';
import type { SiteContext } from '../keys/site-context';
import type { HeldProducts } from '../products/held-products';
import { type ResolvedSku, SkuResolver } from './cart-catalogue';
import { newCartToken, type CartStore, type MutationResult } from './cart-store';
import type { Cart, LinePrice } from './cart-types';
import { cartView, reconcile, type CartView, type CartWarning } from './cart-view';

/** Spec "Limits": a cart holds at most this many distinct lines. */
export const CART_LINE_LIMIT = 50;

/** SKUs already resolved on one market during this request. */
export type KnownSkus = { market: string; skus: ReadonlyMap<string, ResolvedSku | null> };

export interface RenderOptions {
  /** Write back the drops and cuts the catalogue now calls for. */
  persist: boolean;
  /** Warnings of the change itself (lines a market change dropped), before the read's own. */
  warnings?: CartWarning[];
  known?: KnownSkus;
}

export const cartExpired = () =>
  new AppError(410, 'CART_EXPIRED', 'This cart has expired, was checked out or does not exist; create a new one.');

const ERRORS = {
  CONFLICT: [409, 'CART_CONFLICT', 'If-Match does not name the current version; the current cart is under `cart`.'],
  STOCK: [409, 'STOCK_INSUFFICIENT', 'The quantity exceeds the stock available; the current cart is under `cart`.'],
  FULL: [400, 'CART_FULL', 'A cart holds at most 50 distinct lines; top up an existing line instead.'],
  LINE: [404, 'NOT_FOUND', 'The cart has no such line.'],
  REUSED: [422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request body.'],
  MARKET: [409, 'CART_CONFLICT', 'The cart changed market while the line was added; retry.'],
} as const;

/** The price a line keeps from the catalogue: the unit amount and currency. */
const linePrice = (sku: ResolvedSku): LinePrice => ({ amount: sku.price.amount, currency: sku.price.currency });

/**
 * The cart operations of spec "Cart rules", each answering the whole cart: reads carts against the catalogue,
 * decides each change from it, and turns the store's answers into the spec's answers and errors. `expected` is
 * the If-Match version (null: the last write wins).
 */
export class CartService {
  private readonly skus: SkuResolver;

  constructor(
    held: HeldProducts,
    private readonly store: CartStore,
  ) {
    this.skus = new SkuResolver(held);
  }

  /** A new empty cart on the request's market; the answer carries its token. */
  async create(ctx: SiteContext): Promise<CartView> {
    const token = newCartToken();
    return this.render(ctx, token, await this.store.create(token, ctx.key.siteId, ctx.market.code), { persist: false });
  }

  async read(ctx: SiteContext, token: string): Promise<CartView> {
    return this.render(ctx, token, await this.load(ctx, token), { persist: true });
  }

  /**
   * Adds `quantity` of `sku` (to its line when the cart has one) at the cart's market's price now. With an
   * Idempotency-Key, a retry of the same body replays the first answer and another body is refused.
   */
  async addLine(
    ctx: SiteContext,
    token: string,
    line: { sku: string; quantity: number },
    expected: number | null,
    idempotencyKey?: string,
  ): Promise<CartView> {
    const { sku, quantity } = line;
    const idempotency =
      idempotencyKey === undefined
        ? undefined
        : {
            key: idempotencyKey,
            fingerprint: createHash('sha256')
              .update(JSON.stringify([sku, quantity]))
              .digest('hex'),
          };
    if (idempotency !== undefined) {
      // A retry answers from its record without touching the catalogue; the script checks it again atomically.
      const seen = await this.store.recorded(token, idempotency.key);
      if (seen !== null && seen.cart.site === ctx.key.siteId)
        return this.outcome(
          ctx,
          token,
          seen.fingerprint === idempotency.fingerprint
            ? { kind: 'replay', cart: seen.cart }
            : { kind: 'error', error: 'REUSED', cart: seen.cart },
        );
    }
    let result: MutationResult = { kind: 'error', error: 'EXPIRED' };
    let known: KnownSkus | undefined;
    // First try: a cart is most likely on the request's market, and the script checks that it is, so the line is
    // priced there without reading the cart (one Redis round trip). Otherwise, or when the market changed between the
    // read and the script (the script refuses), the cart is read and the line priced on its market.
    for (let attempt = 0; attempt < 4; attempt++) {
      const cart = attempt === 0 ? null : await this.load(ctx, token);
      const market = cart === null ? ctx.market : this.marketOf(ctx, cart.market);
      const skus = await this.resolve(ctx, market, [...(cart?.lines.map((l) => l.sku) ?? []), sku]);
      known = { market: market.code, skus };
      const found = skus.get(sku) ?? null;
      if (found === null && cart === null) continue;
      if (found === null)
        throw new AppError(404, 'PRODUCT_NOT_FOUND', `No product with SKU "${sku}" on market ${market.code}.`);
      const change = {
        kind: 'add' as const,
        sku,
        quantity,
        stock: found.stock,
        lineLimit: CART_LINE_LIMIT,
        cartMarket: cart?.market ?? market.code,
        price: linePrice(found),
      };
      result = await this.store.mutate(token, { site: ctx.key.siteId, expected, change, idempotency });
      if (result.kind !== 'error' || result.error === 'EXPIRED') break;
      // The script refuses a stale If-Match before it compares markets: a first try refused with the cart on another
      // market is priced on the cart's market too, so a SKU that market does not sell stays 404 first.
      const elsewhere = cart === null && result.cart.market !== market.code;
      if (result.error !== 'MARKET' && !elsewhere) break;
    }
    return this.outcome(ctx, token, result, { known });
  }

  /** Sets a line's quantity; a line no longer sold takes none, and the answer drops it with PRODUCT_GONE. */
  async setQuantity(
    ctx: SiteContext,
    token: string,
    lineId: string,
    quantity: number,
    expected: number | null,
  ): Promise<CartView> {
    const cart = await this.load(ctx, token);
    const line = cart.lines.find((l) => l.id === lineId);
    // Line ids are never reused, so a line missing now stays missing: the script answers the version check first, then
    // 404.
    const market = this.marketOf(ctx, cart.market);
    const skus = await this.resolve(
      ctx,
      market,
      cart.lines.map((l) => l.sku),
    );
    const known = { market: market.code, skus };
    const found = line === undefined ? undefined : (skus.get(line.sku) ?? null);
    if (found === null) {
      if (expected !== null && expected !== cart.version)
        return this.outcome(ctx, token, { kind: 'error', error: 'CONFLICT', cart }, { known });
      return this.render(ctx, token, cart, { persist: true, known });
    }
    const result = await this.store.mutate(token, {
      site: ctx.key.siteId,
      expected,
      change: { kind: 'set', lineId, quantity, stock: found?.stock ?? 0 },
    });
    return this.outcome(ctx, token, result, { known });
  }

  async removeLine(ctx: SiteContext, token: string, lineId: string, expected: number | null): Promise<CartView> {
    return this.outcome(
      ctx,
      token,
      await this.store.mutate(token, { site: ctx.key.siteId, expected, change: { kind: 'remove', lineId } }),
    );
  }

  /** Moves the cart to market `code`: every line re-priced there, and lines the market does not sell dropped. */
  async changeMarket(ctx: SiteContext, token: string, code: string, expected: number | null): Promise<CartView> {
    const markets = ctx.catalogue.markets.map((m) => m.code);
    const market = ctx.catalogue.markets.find((m) => m.code === code);
    if (market === undefined)
      throw badRequest('MARKET_UNKNOWN', `Unknown market "${code}"; valid markets: ${markets.join(', ')}.`, {
        validMarkets: markets,
      });
    const cart = await this.load(ctx, token);
    const resolved = await this.resolve(
      ctx,
      market,
      cart.lines.map((l) => l.sku),
    );
    const drop: Record<string, true> = {};
    const price: Record<string, LinePrice> = {};
    const warnings: CartWarning[] = [];
    for (const line of cart.lines) {
      const now = resolved.get(line.sku) ?? null;
      if (now === null || now.stock <= 0) {
        drop[line.id] = true;
        warnings.push({ code: 'PRODUCT_GONE', lineId: line.id });
      } else price[line.id] = linePrice(now);
    }
    const result = await this.store.mutate(token, {
      site: ctx.key.siteId,
      expected,
      change: { kind: 'market', market: code, drop, cut: {}, price },
    });
    return this.outcome(ctx, token, result, { warnings, known: { market: code, skus: resolved } });
  }

  /** The cart's market as configured now; the default market when the cart's one was removed. */
  private marketOf(ctx: SiteContext, code: string): Market {
    return ctx.catalogue.markets.find((m) => m.code === code) ?? ctx.catalogue.defaultMarket ?? ctx.market;
  }

  private resolve(ctx: SiteContext, market: Market, skus: readonly string[]) {
    return this.skus.resolve(ctx, market, skus);
  }

  private async load(ctx: SiteContext, token: string): Promise<Cart> {
    const cart = await this.store.get(token, ctx.key.siteId);
    if (cart === null) throw cartExpired();
    return cart;
  }

  /**
   * The whole cart as the catalogue shows it now. With `persist`, lines gone or over stock are dropped or cut in
   * Redis too (a clean-up: the version moves, the expiry window does not), so each warning is given once.
   */
  private async render(ctx: SiteContext, token: string, stored: Cart, options: RenderOptions): Promise<CartView> {
    const market = this.marketOf(ctx, stored.market);
    const resolved = await this.resolveWith(
      ctx,
      market,
      stored.lines.map((l) => l.sku),
      options.known,
    );
    const seen = reconcile(stored.lines, resolved);
    let cart = stored;
    if (options.persist && seen.fix !== null) {
      const fixed = await this.store.mutate(token, {
        site: ctx.key.siteId,
        expected: stored.version,
        change: { kind: 'fix', ...seen.fix },
        touch: false,
      });
      // A concurrent write won: this answer shows the lines it saw, and the next read cleans up.
      if (fixed.kind === 'ok') cart = fixed.cart;
    }
    return cartView(token, cart, market.currency, seen.lines, [...(options.warnings ?? []), ...seen.warnings]);
  }

  /** The SKUs on `market`, reusing what this request already resolved there (one catalogue read per answer). */
  private async resolveWith(
    ctx: SiteContext,
    market: Market,
    skus: readonly string[],
    known?: KnownSkus,
  ): Promise<Map<string, ResolvedSku | null>> {
    const reuse =
      known !== undefined && known.market === market.code ? known.skus : new Map<string, ResolvedSku | null>();
    const missing = skus.filter((sku) => !reuse.has(sku));
    const fresh =
      missing.length === 0 ? new Map<string, ResolvedSku | null>() : await this.resolve(ctx, market, missing);
    return new Map(skus.map((sku) => [sku, reuse.get(sku) ?? fresh.get(sku) ?? null]));
  }

  /** The successful cart of a mutation, or the spec's error (with the current cart where the spec puts one). */
  private async outcome(
    ctx: SiteContext,
    token: string,
    result: MutationResult,
    options: Omit<RenderOptions, 'persist'> = {},
  ): Promise<CartView> {
    if (result.kind === 'ok')
      return this.render(ctx, token, result.cart, Object.assign({}, options, { persist: true }));
    if (result.kind === 'replay') return this.render(ctx, token, result.cart, { known: options.known, persist: false });
    if (result.error === 'EXPIRED') throw cartExpired();
    const [status, code, message] = ERRORS[result.error];
    const withCart =
      status === 409
        ? { cart: await this.render(ctx, token, result.cart, { known: options.known, persist: false }) }
        : {};
    throw new AppError(status, code, message, withCart);
  }
}
